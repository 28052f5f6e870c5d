/**
 * The model's tool calls (seed 004 `mcpTools`, issue 27 §3) through the real responder: a <tool>
 * answer runs the allowed reads as jobs for the NPC's client `npc:<id>`, and the model is asked once
 * more with the results as quoted data inside a nonce block; that answer is said. Tools not in the
 * NPC's `tools`, bad arguments, a policy that refuses, and calls past the budget are refused before
 * queuing and explained to the model. Real Redis, the fake LLM over HTTP, the real policy check;
 * the queue is played by a job runner that records each job.
 */
import { Policy } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { until } from "../../../shared/testing/processes.js";
import { uniquePrefix } from "../../../shared/testing/redis.js";
import type { JobRunner } from "../../src/actions/executor.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import { mergePolicy } from "../../src/definitions/command-patterns.js";
import type { NpcDefinition } from "../../src/definitions/schema.js";
import type { ChatCall } from "../../testing/fake-llm.js";
import { npcDefinition } from "../support/definitions.js";
import { llmAndRedis, question, testResponder } from "../support/responder.js";

const { llm, redis } = llmAndRedis();

interface Job {
  op: string;
  args: Record<string, unknown>;
  client: string;
}

const STEVE = {
  name: "Steve",
  uuid: "u",
  health: 17,
  foodLevel: 20,
  location: { world: "minecraft:overworld", x: 4, y: 64, z: 2 },
  gameMode: "survival",
  inventory: [],
};

/** Bob answers one question; returns the jobs queued, the LLM calls about it and what was said. */
async function converse(npc: NpcDefinition, n: number, policy?: Policy) {
  const jobs: Job[] = [];
  const runner: JobRunner = {
    async run(_server, op, args, client) {
      jobs.push({ op, args: args as Record<string, unknown>, client: client.id });
      if (op === "get_player_info") return { status: "completed", jobId: "j", data: STEVE };
      if (op === "get_online_players")
        return { status: "completed", jobId: "j", data: { players: ["Steve"], online: 1, max: 20 } };
      return { status: "completed", jobId: "j", data: { output: "" } };
    },
  };
  const { responder, done, metrics } = testResponder({
    npc,
    history: new ConversationHistory(redis, uniquePrefix("tools")),
    runner,
    llmUrl: llm.url,
    batchDelayMs: 10,
    policy,
  });
  await responder.resume();
  responder.enqueue(question(n));
  await until(() => done.length === 1, `question ${n} answered`, 5_000, 20);
  await responder.close();
  const calls = llm
    .chatCalls()
    .filter((c) => c.body.messages.some((m) => m.content.includes(`question ${n}"`)));
  const said = jobs.filter((j) => j.op === "execute_command").map((j) => String(j.args.command));
  const reads = jobs.filter((j) => j.op !== "execute_command");
  return { calls, said, reads, metrics };
}

const last = (call: ChatCall | undefined) => call?.body.messages.at(-1)?.content ?? "";
const toolRound = (call: ChatCall) => last(call).includes("BEGIN-TOOL-RESULTS");

describe("the model's tool calls", () => {
  it("runs an allowed read as a job for npc:<id> and answers with its result in one more round", async () => {
    llm.respond = (call) =>
      toolRound(call)
        ? `<say>Steve, you have ${/\\"health\\":(\d+)/.exec(last(call))?.[1]} health.</say>`
        : '<say>Let me look.</say><tool name="get_player_info">{"player": "Steve"}</tool>';
    const { calls, said, reads } = await converse(npcDefinition(), 701);
    expect(reads).toEqual([{ op: "get_player_info", args: { player: "Steve" }, client: "npc:bob" }]);
    expect(calls).toHaveLength(2);
    const results = last(calls[1]);
    expect(results).toMatch(
      /BEGIN-TOOL-RESULTS ([0-9a-f]+)\n- "get_player_info [^\n]*"\nEND-TOOL-RESULTS \1/,
    );
    expect(results).toContain("never instructions");
    expect(calls[1]?.body.messages.at(-2)).toEqual({
      role: "assistant",
      content: '<tool name="get_player_info">{"player": "Steve"}</tool>',
    });
    // The first answer's speech is not said: only the answer after the results.
    expect(said.join("\n")).toContain("Steve, you have 17 health.");
    expect(said.join("\n")).not.toContain("Let me look");
  });

  it("refuses tools the NPC's `tools` do not list, bad arguments and calls past the budget, and tells the model", async () => {
    const npc = npcDefinition({ tools: ["execute_command", "get_player_info"], maxToolCalls: 2 });
    llm.respond = (call) =>
      toolRound(call)
        ? "<say>Done.</say>"
        : '<tool name="get_world_info">{"x":0,"y":64,"z":0,"radius":2}</tool>' +
          '<tool name="get_player_info">{"player": "@a"}</tool>' +
          '<tool name="get_player_info">{"player": "Steve"}</tool>';
    const { calls, reads, metrics } = await converse(npc, 702);
    expect(reads).toEqual([]); // the third call is over the budget of 2
    const results = last(calls[1]);
    expect(results).toContain(
      "refused (PERMISSION_DENIED): 'get_world_info' is not one of your tools (get_player_info)",
    );
    expect(results).toContain("refused (INVALID_ARGS): player: must be 1-16 letters, digits or _");
    expect(results).toContain("refused (RATE_LIMITED): over the budget of 2 tool call(s) per answer");
    expect((await metrics.toolCalls.get()).values.find((v) => v.labels.outcome === "refused")?.value).toBe(3);
  });

  it("checks each call against the policy before queuing: a role without the tool is refused", async () => {
    const npc = npcDefinition({ tools: ["execute_command", "get_player_info"] });
    const document = mergePolicy({ roles: {}, clients: [] }, [npc]);
    const role = document.roles["npc:bob"] as Record<string, unknown>;
    document.roles["npc:bob"] = { ...role, tools: ["execute_command"] };
    llm.respond = (call) =>
      toolRound(call)
        ? "<say>I cannot see.</say>"
        : '<tool name="get_player_info">{"player": "Steve"}</tool>';
    const { calls, reads } = await converse(npc, 703, Policy.parse(document));
    expect(reads).toEqual([]);
    expect(last(calls[1])).toContain(
      "refused (PERMISSION_DENIED): Role 'npc:bob' may not use tool 'get_player_info'",
    );
  });

  it("runs no tool call the answer after the results asks for (one round per answer)", async () => {
    llm.respond = () => '<say>Again.</say><tool name="get_online_players">{}</tool>';
    const { calls, reads, said } = await converse(npcDefinition(), 704);
    expect(calls).toHaveLength(2);
    expect(reads).toEqual([{ op: "get_online_players", args: {}, client: "npc:bob" }]);
    expect(said.join("\n")).toContain("Again.");
  });
});

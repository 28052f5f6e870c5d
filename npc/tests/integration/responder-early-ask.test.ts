/**
 * The responder asks the LLM on its copy of the NPC's history while the batch record is written
 * (NpcResponder.ask): the record's round trip is not added to the answer's time, nothing is said
 * before the record is written, and when another process changed the history meanwhile the LLM is
 * asked again on the history as read. Real Redis (two ConversationHistory objects on one prefix play
 * two npc processes) and the fake LLM over HTTP; the queue is played by a job runner that records
 * each job's command.
 */
import { describe, expect, it } from "vitest";
import { until } from "../../../shared/testing/processes.js";
import { uniquePrefix } from "../../../shared/testing/redis.js";
import type { JobRunner } from "../../src/actions/executor.js";
import { type BatchRecord, ConversationHistory } from "../../src/conversation/history.js";
import type { ChatCall } from "../../testing/fake-llm.js";
import { npcDefinition } from "../support/definitions.js";
import { llmAndRedis, question, testResponder } from "../support/responder.js";

const { llm, redis } = llmAndRedis();
/** The LLM says whether the prompt it was given holds the line another process added. */
const knowsCode = (call: ChatCall) => call.body.messages.some((m) => m.content.includes("gate code is 42"));
llm.respond = (call) => `<say>${knowsCode(call) ? "the code is 42" : "no code known"}</say>`;

/** A history whose batch records wait for the test to let them through. */
class HeldHistory extends ConversationHistory {
  hold: Promise<void> | undefined;
  override async beginBatch(npcId: string, batch: BatchRecord) {
    await this.hold;
    return super.beginBatch(npcId, batch);
  }
}

function setup(history: ConversationHistory) {
  const npc = npcDefinition({ llm: { model: "llama3.2:latest" } });
  const said: string[] = [];
  const runner: JobRunner = {
    async run(_server, _op, args) {
      said.push(String((args as { command: string }).command));
      return { status: "completed", jobId: "j", data: { output: "" } };
    },
  };
  const { responder, done } = testResponder({ npc, history, runner, llmUrl: llm.url, batchDelayMs: 20 });
  return { npc, said, done, responder };
}

const asked = (n: number) =>
  llm.chatCalls().filter((c) => c.body.messages.at(-1)?.content.includes(`question ${n}`));

describe("the LLM asked while the batch record is written", () => {
  it("asks on the process's copy before the record's round trip ends, and says nothing until it has", async () => {
    const history = new HeldHistory(redis, uniquePrefix("early"));
    const { said, done, responder } = setup(history);
    await responder.resume();
    responder.enqueue(question(1)); // the first batch reads the history from Redis: the copy starts
    await until(() => done.length === 1, "the first batch is answered", 2_000, 20);
    let release!: () => void;
    history.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    responder.enqueue(question(2));
    await until(() => asked(2).length === 1, "the LLM is asked about question 2", 2_000, 20);
    await new Promise((r) => setTimeout(r, 100));
    expect(said).toHaveLength(1); // the answer waits for its batch record
    release();
    await until(() => done.length === 2, "the second batch is answered", 2_000, 20);
    await responder.close();
    expect(asked(2)).toHaveLength(1);
    expect(said[1]).toContain("no code known");
    expect(await history.unfinishedBatch("bob")).toBeUndefined();
  });

  it("asks again on the history as read when another process changed it", async () => {
    const prefix = uniquePrefix("early");
    const history = new ConversationHistory(redis, prefix);
    const other = new ConversationHistory(redis, prefix);
    const { npc, said, done, responder } = setup(history);
    await responder.resume();
    responder.enqueue(question(3));
    await until(() => done.length === 1, "the first batch is answered", 2_000, 20);
    await other.append(npc.id, [{ kind: "heard", sender: "Alex", text: "the gate code is 42", at: 2 }]);
    responder.enqueue(question(4));
    await until(() => done.length === 2, "the second batch is answered", 2_000, 20);
    await responder.close();
    const calls = asked(4);
    expect(calls.map(knowsCode)).toEqual([false, true]); // the copy's call, then the history's
    expect(said[1]).toContain("the code is 42");
  });
});

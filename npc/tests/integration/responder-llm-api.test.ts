/**
 * The LLM APIs spoken fully, through the real responder (issue 27): the output cap is sent and an
 * answer it cut is said up to the cut and counted; a refusal is counted, not taken for a broken
 * answer; keep_alive is left to the server; structured mode asks for JSON and reads it inside a
 * ```json fence; during an outage the unanswered messages are counted. Real Redis, the fake LLM
 * over HTTP; the queue is played by a job runner that records each job's command.
 */
import { describe, expect, it } from "vitest";
import { until } from "../../../shared/testing/processes.js";
import { uniquePrefix } from "../../../shared/testing/redis.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import type { NpcMetrics } from "../../src/ops/metrics.js";
import { npcDefinition } from "../support/definitions.js";
import { llmAndRedis, question, recordingRunner, testResponder } from "../support/responder.js";

const { llm, redis } = llmAndRedis({ models: ["llama3.2:latest", "gpt-4o-mini"] });

/** Bob answers question n with the given llm settings; the commands queued and the metrics. */
async function converse(settings: Record<string, unknown>, n: number) {
  const npc = npcDefinition({ llm: { retries: 0, ...settings } });
  const history = new ConversationHistory(redis, uniquePrefix("llmapi"));
  const { runner, commands } = recordingRunner();
  const { responder, done, metrics } = testResponder({
    npc,
    history,
    runner,
    llmUrl: llm.url,
    batchDelayMs: 10,
  });
  await responder.resume();
  responder.enqueue(question(n));
  await until(() => done.length === 1, `question ${n} answered`, 4_000, 20);
  await responder.close();
  const call = llm.chatCalls().find((c) => c.body.messages.at(-1)?.content.includes(`question ${n}"`));
  return { commands, metrics, call };
}

async function count(metrics: NpcMetrics, name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return value?.value ?? 0;
}

const LONG = "<say>Hello Steve, welcome to our lovely village by the river, have a look around!</say>";

describe("the LLM APIs through the responder", () => {
  it("sends the output cap and no keep_alive, and says a <say> the cap cut up to the cut", async () => {
    llm.respond = () => LONG;
    const { commands, metrics, call } = await converse({ maxOutputTokens: 16 }, 201);
    expect(call?.body.options).toMatchObject({ num_predict: 16 });
    expect(call?.body).not.toHaveProperty("keep_alive");
    expect(commands).toHaveLength(1);
    expect(commands[0]).toContain("Hello Steve, welcome to our lovely village by the river, ha...");
    expect(await count(metrics, "npc_llm_answers_total", { npc: "bob", stop: "length" })).toBe(1);
  });

  it("sends keep_alive when the NPC file sets it, and max_tokens to an OpenAI-compatible server", async () => {
    llm.respond = () => "<say>Hi</say>";
    const ollama = await converse({ keepAlive: "10m" }, 202);
    expect(ollama.call?.body).toMatchObject({ keep_alive: "10m", options: { num_predict: 512 } });
    const openai = await converse({ backend: "openai", model: "gpt-4o-mini" }, 203);
    expect(openai.call?.body).toMatchObject({ max_tokens: 512 });
    expect(openai.call?.body).not.toHaveProperty("temperature");
    expect(await count(openai.metrics, "npc_llm_answers_total", { npc: "bob", stop: "stop" })).toBe(1);
  });

  it("keeps a refusal as a refusal: silent, counted, not an LLM error", async () => {
    llm.respond = () => ({ refusal: "I can't help with that." });
    const { commands, metrics } = await converse({ backend: "openai", model: "gpt-4o-mini" }, 204);
    expect(commands).toEqual([]);
    expect(await count(metrics, "npc_llm_answers_total", { npc: "bob", stop: "refusal" })).toBe(1);
    expect(await count(metrics, "npc_llm_errors_total", { npc: "bob" })).toBe(0);
  });

  it("asks for JSON in structured mode and reads it inside a ```json fence", async () => {
    llm.respond = () => '```json\n{"say":["Hi Steve"],"functions":[],"silence":false}\n```';
    const { commands, call } = await converse({ structuredOutput: true }, 205);
    expect(call?.body.messages[0]?.content).toContain("one JSON object");
    expect(call?.body.messages[0]?.content).not.toContain("XML");
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/"text":"Hi Steve"}]$/);
  });

  it("counts the messages an LLM outage left unanswered", async () => {
    llm.fault({ kind: "status", status: 500, message: "out of memory" });
    const { commands, metrics } = await converse({ fallbackLine: "Hmm, let me think." }, 206);
    expect(commands).toHaveLength(1); // the fallback line
    expect(await count(metrics, "npc_messages_dropped_total", { npc: "bob", reason: "llm_failed" })).toBe(1);
  });
});

/**
 * The NPC responder against an OpenAI-compatible server this project did not write: the npm
 * package @dwmkerr/mock-llm (a devDependency), run as its own process on loopback with rules in
 * its YAML config, over real HTTP. What the NPC service sends must pass that server's routing, and
 * what that server answers (its /v1/models, chat completions with finish_reason "length", a
 * refusal with content null, OpenAI's 429 insufficient_quota) must be read as the API means it.
 * Real Redis for the history; the queue is played by a job runner that records each command.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type Proc, startNode, until } from "../../../shared/testing/processes.js";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import { OpenAiBackend } from "../../src/llm/openai.js";
import { llmProblems } from "../../src/llm/readiness.js";
import type { NpcMetrics } from "../../src/ops/metrics.js";
import { npcDefinition } from "../support/definitions.js";
import { question, recordingRunner, testResponder } from "../support/responder.js";

const MODEL = "gpt-4o-mini";

/** A chat completion rule for the question numbered n (the NPC quotes "Bob question n"). */
function rule(n: number, status: number, body: unknown): string {
  return [
    `  - path: "/v1/chat/completions"`,
    `    method: "POST"`,
    `    match: "contains(body.messages[-1].content, 'question ${n}\\"')"`,
    `    response:`,
    `      status: ${status}`,
    `      content: '${JSON.stringify(body).replaceAll("'", "''")}'`,
  ].join("\n");
}

const completion = (message: Record<string, unknown>, finish: string) => ({
  id: "chatcmpl-{{timestamp}}",
  object: "chat.completion",
  model: "{{jmes request body.model}}",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finish }],
  usage: { prompt_tokens: 50, completion_tokens: 12, total_tokens: 62 },
});

const CONFIG = [
  "rules:",
  `  - path: "/v1/models"`,
  `    method: "GET"`,
  `    response:`,
  `      status: 200`,
  `      content: '{"object":"list","data":[{"id":"${MODEL}","object":"model","owned_by":"openai"}]}'`,
  // The output cap the NPC sent, echoed back in what it says: proof that it arrived as max_tokens.
  rule(
    301,
    200,
    completion({ content: "<say>Welcome, Steve! cap {{jmes request body.max_tokens}}</say>" }, "stop"),
  ),
  rule(302, 200, completion({ content: "<say>Let me tell you the whole story of our village" }, "length")),
  rule(303, 200, completion({ content: null, refusal: "I'm sorry, I can't help with that." }, "stop")),
  rule(304, 429, {
    error: {
      message: "You exceeded your current quota, please check your plan and billing details.",
      type: "insufficient_quota",
      param: null,
      code: "insufficient_quota",
    },
  }),
].join("\n");

let server: Proc;
let baseUrl: string;
const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "mock-llm-"));
  writeFileSync(join(dir, "mock-llm.yaml"), `${CONFIG}\n`);
  const port = await freePort();
  server = startNode(
    `mock-llm-${port}`,
    "node_modules/@dwmkerr/mock-llm/dist/main.js",
    ["--config", join(dir, "mock-llm.yaml")],
    { HOST: "127.0.0.1", PORT: String(port) },
  );
  baseUrl = `http://127.0.0.1:${port}`;
  await until(() => server.output().includes("server running"), "mock-llm listens");
});
afterAll(async () => {
  await server?.stop();
  redis.disconnect();
});

/** Chat completion requests the server logged so far. */
const posts = () =>
  server
    .output()
    .split("\n")
    .filter((l) => l.includes("POST /v1/chat/completions")).length;

async function converse(n: number, llm: Record<string, unknown> = {}) {
  const npc = npcDefinition({ llm: { backend: "openai", model: MODEL, ...llm } });
  const history = new ConversationHistory(redis, uniquePrefix("mockllm"));
  const { runner, commands } = recordingRunner();
  const { responder, done, metrics } = testResponder({
    npc,
    history,
    runner,
    llmUrl: baseUrl,
    batchDelayMs: 10,
  });
  await responder.resume();
  const before = posts();
  responder.enqueue(question(n));
  await until(() => done.length === 1, `question ${n} answered`);
  await responder.close();
  return { commands, metrics, requests: posts() - before };
}

async function count(metrics: NpcMetrics, name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return value?.value ?? 0;
}

describe("the NPC responder against @dwmkerr/mock-llm (OpenAI-compatible, third party)", () => {
  it("passes the readiness check on its /v1/models", async () => {
    const backend = new OpenAiBackend({ baseUrl, retries: 0 });
    expect(
      await llmProblems([npcDefinition({ llm: { backend: "openai", model: MODEL } })], () => backend),
    ).toEqual([]);
    const missing = await llmProblems(
      [npcDefinition({ llm: { backend: "openai", model: "o3" } })],
      () => backend,
    );
    expect(missing).toEqual([expect.stringContaining("does not serve model 'o3'")]);
  });

  it("answers, with the output cap sent as max_tokens", async () => {
    const { commands, requests } = await converse(301, { maxOutputTokens: 300 });
    expect(requests).toBe(1);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/"text":"Welcome, Steve! cap 300"}]$/);
  });

  it("says an answer cut by the cap (finish_reason length) up to the cut, and counts it", async () => {
    const { commands, metrics } = await converse(302);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/"text":"Let me tell you the whole story of our village\.\.\."}]$/);
    expect(await count(metrics, "npc_llm_answers_total", { npc: "bob", stop: "length" })).toBe(1);
  });

  it("keeps silent on a refusal (content null) and counts it as a refusal", async () => {
    const { commands, metrics } = await converse(303);
    expect(commands).toEqual([]);
    expect(await count(metrics, "npc_llm_answers_total", { npc: "bob", stop: "refusal" })).toBe(1);
    expect(await count(metrics, "npc_llm_errors_total", { npc: "bob" })).toBe(0);
  });

  it("sends one request for a 429 insufficient_quota, says the fallback line and counts the message", async () => {
    const { commands, metrics, requests } = await converse(304, { fallbackLine: "Hmm, let me think." });
    expect(requests).toBe(1); // retrying cannot succeed
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/"text":"Hmm, let me think\."}]$/);
    expect(await count(metrics, "npc_llm_errors_total", { npc: "bob", code: "RATE_LIMITED" })).toBe(1);
    expect(await count(metrics, "npc_messages_dropped_total", { npc: "bob", reason: "llm_failed" })).toBe(1);
  });
});

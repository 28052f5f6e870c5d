/**
 * Test support: an NpcResponder wired to a real ConversationHistory and the fake LLM over HTTP (in
 * the protocol of the NPC's llm.backend), with roomy limits (4 LLM slots, no rate limiting) and a
 * short batching delay. The queue is played by the given job runner; the messages the responder is
 * done with are collected in `done`. Also the fake LLM and Redis those tests share.
 */
import { createLogger, type Policy } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { testRedisUrl } from "../../../shared/testing/redis.js";
import { ActionExecutor, type JobRunner } from "../../src/actions/executor.js";
import type { ConversationHistory } from "../../src/conversation/history.js";
import type { IncomingMessage } from "../../src/conversation/message.js";
import { NpcResponder } from "../../src/conversation/responder.js";
import { Semaphore, TokenBuckets } from "../../src/conversation/token-bucket.js";
import type { NpcDefinition } from "../../src/definitions/schema.js";
import { OllamaBackend } from "../../src/llm/ollama.js";
import { OpenAiBackend } from "../../src/llm/openai.js";
import { createMetrics, type NpcMetrics } from "../../src/ops/metrics.js";
import { FakeLlm, type FakeLlmOptions } from "../../testing/fake-llm.js";

/**
 * The fake LLM over HTTP, started before the file's tests and closed after them, and a Redis for
 * the conversation histories.
 */
export function llmAndRedis(options?: FakeLlmOptions): { llm: FakeLlm; redis: Redis } {
  const llm = new FakeLlm(options);
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
  beforeAll(async () => {
    await llm.start();
  });
  afterAll(async () => {
    await llm.close();
    redis.disconnect();
  });
  return { llm, redis };
}

export function testResponder(options: {
  npc: NpcDefinition;
  history: ConversationHistory;
  runner: JobRunner;
  llmUrl: string;
  batchDelayMs: number;
  /** The policy the model's tool calls are checked against (none: the executor's own checks only). */
  policy?: Policy;
  /** What the NPC perceives (none: no perception lines). */
  perceive?: (npc: NpcDefinition) => Promise<string[]>;
}): { responder: NpcResponder; done: string[]; metrics: NpcMetrics } {
  const logger = createLogger({ name: "responder-test", level: "silent" });
  const done: string[] = [];
  const metrics = createMetrics();
  const http = { baseUrl: options.llmUrl };
  const responder = new NpcResponder(options.npc, {
    backend: (npc) => (npc.llm.backend === "openai" ? new OpenAiBackend(http) : new OllamaBackend(http)),
    history: options.history,
    executor: new ActionExecutor(options.runner, logger),
    publishLine: () => undefined,
    done: (ids) => done.push(...ids),
    llmSlots: new Semaphore(4),
    npcBuckets: new TokenBuckets(100, 6000),
    metrics,
    logger,
    maxQueueSize: 50,
    batchDelayMs: options.batchDelayMs,
    policy: () => options.policy,
    perceive: options.perceive,
  });
  return { responder, done, metrics };
}

/** A job runner that completes every job and records each command it was given, in order. */
export function recordingRunner(): { runner: JobRunner; commands: string[] } {
  const commands: string[] = [];
  const runner: JobRunner = {
    async run(_server, _op, args) {
      commands.push(String((args as { command: string }).command));
      return { status: "completed", jobId: "j", data: { output: "" } };
    },
  };
  return { runner, commands };
}

/** Steve, two blocks away, asks Bob question n (message id `events/<n>-0`). */
export const question = (n: number): IncomingMessage => ({
  id: `events/${n}-0`,
  kind: "chat",
  sender: "Steve",
  content: `Bob question ${n}`,
  distance: 2,
  timestamp: n,
});

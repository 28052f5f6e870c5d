/**
 * What an NPC's first batch needs is read as soon as the process owns the NPC (after a start or a
 * takeover), not at its first answer: its perception (that answer would otherwise wait up to a second
 * for its reads: the first second of the NPC benchmark, p99 274 ms with 100 NPCs) and its history
 * (else read by every NPC's first batch at once after a restart, each before its LLM call can start).
 * Real Redis and BullMQ; no bridge runs, so the reads stay queued where this test finds them, before
 * anyone has spoken.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandQueueName, createLogger, queuePrefix } from "@mcp-bridge/shared";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { until } from "../../../shared/testing/processes.js";
import { dropKeys, testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { loadConfig } from "../../src/config.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import { NpcService } from "../../src/service.js";
import { FakeLlm } from "../../testing/fake-llm.js";

describe("an NPC the process takes", () => {
  let llm: FakeLlm;
  let redis: Redis;
  let service: NpcService;
  let prefix: string;

  beforeEach(async () => {
    llm = await new FakeLlm({ models: ["llama3.2:latest"] }).start();
    const dir = mkdtempSync(join(tmpdir(), "npc-takeover-"));
    const npcFile = join(dir, "npcs.json");
    const bob = { id: "bob", name: "Villager Bob", persona: { systemPrompt: "A merchant." } };
    writeFileSync(
      npcFile,
      JSON.stringify({ npcs: [{ ...bob, location: { serverId: "survival", x: 0, y: 64, z: 0 } }] }),
    );
    prefix = uniquePrefix("npctakeover");
    const config = loadConfig({
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      JOB_SECRET: "a-test-secret-0123456789",
      POLICY_FILE: join(dir, "missing-policy.json"),
      NPC_FILE: npcFile,
      OLLAMA_HOST: llm.url,
      JOB_TIMEOUT_MS: "200",
    });
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    service = new NpcService(config, redis, createLogger({ name: "takeover-test", level: "silent" }));
  });

  afterEach(async () => {
    await service.close();
    await dropKeys(redis, prefix);
    redis.disconnect();
    await llm.close();
  });

  it("has its perception read before any message", async () => {
    const queue = new Queue(commandQueueName("survival"), {
      connection: redis,
      prefix: queuePrefix(prefix, "survival"),
    });
    try {
      await service.start();
      await until(() => service.list()[0]?.owned === true, "bob owned");
      const queued = async () =>
        (await queue.getJobs(["waiting", "active", "completed", "failed"])).map((j) => j.name);
      await until(async () => (await queued()).includes("get_nearby_mobs"), "the mob read queued", 5000);
      expect(await queued()).toEqual(expect.arrayContaining(["get_nearby_mobs", "get_server_info"]));
      expect(llm.calls.filter((c) => c.path.endsWith("/chat"))).toEqual([]); // nobody spoke yet
    } finally {
      await queue.close();
    }
  });

  it("has its history (written by an earlier process) read before any message", async () => {
    const earlier = new ConversationHistory(redis, prefix);
    const entries = [
      { kind: "heard" as const, sender: "Steve", text: "hello Bob", at: 1 },
      { kind: "said" as const, text: "Welcome, traveller.", at: 2 },
    ];
    await earlier.append("bob", entries);
    await service.start();
    await until(() => service.list()[0]?.owned === true, "bob owned");
    await until(() => service.history.copy("bob") !== undefined, "bob's history in the process", 5000);
    expect(service.history.copy("bob")).toEqual({ version: 1, entries });
    expect(llm.calls.filter((c) => c.path.endsWith("/chat"))).toEqual([]); // nobody spoke yet
  });
});

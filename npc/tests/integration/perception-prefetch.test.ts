/**
 * An NPC's perception is read as soon as the process owns it (after a start or a takeover), not at
 * its first answer: that answer would otherwise wait up to a second for its reads (the first second
 * of the NPC benchmark: p99 274 ms with 100 NPCs). Real Redis and BullMQ; no bridge runs, so the
 * reads stay queued where this test finds them, before anyone has spoken.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandQueueName, createLogger, queuePrefix } from "@mcp-bridge/shared";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { until } from "../../../shared/testing/processes.js";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { loadConfig } from "../../src/config.js";
import { NpcService } from "../../src/service.js";
import { FakeLlm } from "../../testing/fake-llm.js";

describe("an owned NPC's perception", () => {
  it("is read when the process takes the NPC, before any message", async () => {
    const llm = await new FakeLlm({ models: ["llama3.2:latest"] }).start();
    const dir = mkdtempSync(join(tmpdir(), "npc-perceive-"));
    const npcFile = join(dir, "npcs.json");
    const bob = { id: "bob", name: "Villager Bob", persona: { systemPrompt: "A merchant." } };
    writeFileSync(
      npcFile,
      JSON.stringify({ npcs: [{ ...bob, location: { serverId: "survival", x: 0, y: 64, z: 0 } }] }),
    );
    const prefix = uniquePrefix("npcperceive");
    const config = loadConfig({
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      JOB_SECRET: "a-test-secret-0123456789",
      POLICY_FILE: join(dir, "missing-policy.json"),
      NPC_FILE: npcFile,
      OLLAMA_HOST: llm.url,
      JOB_TIMEOUT_MS: "200",
    });
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    const service = new NpcService(config, redis, createLogger({ name: "perceive-test", level: "silent" }));
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
      await service.close();
      await queue.close();
      redis.disconnect();
      await llm.close();
    }
  });
});

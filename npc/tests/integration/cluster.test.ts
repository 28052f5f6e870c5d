/**
 * The NPC service's history writes on a real Redis Cluster (three primaries on loopback), connected
 * the way the service connects (connectRedis with a redis+cluster:// URL): append with done marks
 * and the NPC's line for other NPCs in one transaction, a batch record, a compaction script, and
 * the registry and history the MCP server reads (NpcRecords). All are `{npc}` keys: one slot. The
 * fan-out does not run on a cluster yet (docs/deployment.md).
 */
import { connectRedis, NpcRecords, type RedisConnection } from "@mcp-bridge/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniquePrefix } from "../../../shared/testing/redis.js";
import { type LocalCluster, startCluster } from "../../../shared/testing/redis-ha.js";
import { redisServerAvailable } from "../../../shared/testing/redis-server.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import { lineEntryFields, linesStream } from "../../src/ingest/fan-out.js";

describe.skipIf(!redisServerAvailable())("NPC history on a Redis Cluster", () => {
  let cluster: LocalCluster;
  let redis: RedisConnection;
  beforeAll(async () => {
    cluster = await startCluster();
    redis = connectRedis(`redis+cluster://${cluster.nodes.map((n) => `${n.host}:${n.port}`).join(",")}`, {
      maxRetriesPerRequest: 3,
    });
  }, 30_000);
  afterAll(async () => {
    redis?.disconnect();
    await cluster?.stop();
  });

  it("appends, marks done, records a batch, compacts; the MCP side reads registry and history", async () => {
    const prefix = uniquePrefix("npc-cluster");
    const history = new ConversationHistory(redis, prefix);
    await history.beginBatch("bob", { key: "k1", ids: ["m1"] });
    expect(await history.unfinishedBatch("bob")).toEqual({ key: "k1", ids: ["m1"] });
    const line = { serverId: "s1", npcId: "bob", name: "Bob", text: "Hello", turn: 1, timestamp: Date.now() };
    const entries = Array.from({ length: 60 }, (_, i) => ({
      kind: "heard" as const,
      sender: "Steve",
      text: `line ${i}`,
      at: i,
    }));
    await history.append("bob", entries, ["m1"], (tx) =>
      tx.xadd(linesStream(prefix, "s1"), "*", ...lineEntryFields(line)),
    );
    expect(await history.isDone("bob", "m1")).toBe(true);
    expect(await history.unfinishedBatch("bob")).toBeUndefined();
    expect(await redis.xlen(linesStream(prefix, "s1"))).toBe(1);
    expect(await history.compact("bob", async () => "Steve talked.")).toBe("llm");
    expect((await history.read("bob"))[0]).toMatchObject({ kind: "summary", text: "Steve talked." });

    const records = new NpcRecords(redis, prefix);
    await records.publish([{ id: "bob", name: "Bob", serverId: "s1" }]);
    expect(await records.list()).toEqual([{ id: "bob", name: "Bob", serverId: "s1" }]);
    expect((await records.history("bob", 5)).length).toBeGreaterThan(0);
  });
});

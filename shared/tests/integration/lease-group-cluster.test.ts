/**
 * The fleet's lease sharing (LeaseGroup, as the bridges run it: members in redisKeys.bridgeMembers,
 * one lease per server in redisKeys.lease) on a real Redis Cluster (three primaries on loopback):
 * the members set is one untagged key, and every command on it (the announcement's MULTI of ZADD,
 * ZREMRANGEBYSCORE and ZRANGE; the ZREM on leaving) names only that key, so it is one slot; each
 * lease script names one server's lease. Two groups share six servers whose leases live in
 * six slots (spread over the primaries): they split them 3/3, and when one leaves the other
 * takes all six.
 */
import { connectRedis, keySlot, LeaseGroup, type RedisConnection, redisKeys } from "@mcp-bridge/shared";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../../testing/processes.js";
import { uniquePrefix } from "../../testing/redis.js";
import { type LocalCluster, startCluster } from "../../testing/redis-ha.js";
import { redisServerAvailable } from "../../testing/redis-server.js";

const TTL_MS = 600;
const servers = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"];

describe.skipIf(!redisServerAvailable())("fleet lease sharing on a Redis Cluster", () => {
  let cluster: LocalCluster;
  const connections: RedisConnection[] = [];
  beforeAll(async () => {
    cluster = await startCluster();
  }, 30_000);
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await cluster?.stop();
  });

  it("two bridges split six servers in six slots 3/3; when one leaves, the other owns all six", async () => {
    const url = `redis+cluster://${cluster.nodes.map((n) => `${n.host}:${n.port}`).join(",")}`;
    const keys = redisKeys(uniquePrefix("fleet-cluster"));
    // The leases are spread over the primaries: a command over two of them would fail (CROSSSLOT).
    expect(new Set(servers.map((id) => keySlot(keys.lease(id)))).size).toBe(servers.length);
    const group = (name: string) => {
      const redis = connectRedis(url, { maxRetriesPerRequest: 3 });
      connections.push(redis);
      return new LeaseGroup({
        redis,
        membersKey: keys.bridgeMembers(),
        leaseKey: keys.lease,
        ttlMs: TTL_MS,
        ownerName: name,
        logger: pino({ level: "silent" }),
        what: (id) => `server ${id}`,
        onAcquired: async () => undefined,
        onLost: async () => undefined,
        handOver: async () => undefined,
      });
    };
    const a = group("a");
    const b = group("b");
    await a.start();
    await a.sync(servers);
    await until(async () => a.owned().length === 6, "the first bridge to own every server", 20_000);
    await b.start();
    await b.sync(servers);
    await until(
      async () => a.owned().length === 3 && b.owned().length === 3,
      "the servers to spread 3/3",
      30_000,
    );
    expect([...a.owned(), ...b.owned()].sort()).toEqual([...servers].sort());
    await a.close();
    await until(async () => b.owned().length === 6, "the remaining bridge to own every server", 20_000);
    await b.close();
  }, 90_000);
});

/**
 * The key layout on a real Redis Cluster (three primaries on loopback): a server's BullMQ queue, its
 * event-store scripts and its lease all work on an ioredis Cluster, i.e. every command and script
 * touches one slot (a cross-slot script fails with CROSSSLOT). The product's processes do not yet
 * connect to a cluster (docs/deployment.md): the test hands the Cluster to the parts directly.
 */
import {
  commandQueueName,
  queuePrefix,
  redisKeys,
  releaseLease,
  renewLease,
  tryAcquire,
} from "@mcp-bridge/shared";
import { Queue, Worker } from "bullmq";
import { Cluster, type Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniquePrefix } from "../../../../shared/testing/redis.js";
import {
  type LocalCluster,
  redisServerAvailable,
  startCluster,
} from "../../../../shared/testing/redis-ha.js";
import { RedisEventStore } from "../../../src/events/event-store.js";

describe.skipIf(!redisServerAvailable())("Redis Cluster: one slot per Minecraft server", () => {
  let cluster: LocalCluster;
  let client: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
    client = new Cluster(cluster.nodes, { redisOptions: { maxRetriesPerRequest: null } });
  }, 30_000);
  afterAll(async () => {
    client?.disconnect();
    await cluster?.stop();
  });

  it("jobs, events and leases of three servers run, each server's keys in one slot", async () => {
    const prefix = uniquePrefix("cluster");
    // The parts are typed for a single Redis; a Cluster answers the same commands for one-slot keys.
    const redis = client as unknown as Redis;
    const servers = ["alpha", "beta", "gamma"];
    const slots = new Set<number>();
    for (const serverId of servers) {
      const k = redisKeys(prefix);
      slots.add(Number(await client.call("CLUSTER", "KEYSLOT", k.eventStream(serverId))));

      const connection = client.duplicate();
      const queue = new Queue(commandQueueName(serverId), {
        connection,
        prefix: queuePrefix(prefix, serverId),
      });
      const worker = new Worker(commandQueueName(serverId), async (job) => ({ echoed: job.data.n }), {
        connection: client.duplicate(),
        prefix: queuePrefix(prefix, serverId),
      });
      const done = new Promise<void>((resolve) => {
        let count = 0;
        worker.on("completed", () => ++count === 20 && resolve());
      });
      await queue.addBulk(Array.from({ length: 20 }, (_, n) => ({ name: "execute_command", data: { n } })));
      await done;
      expect(await queue.getJobCounts("completed")).toEqual({ completed: 20 });
      await worker.close();
      await queue.close();

      const store = new RedisEventStore(redis, prefix, 1000);
      await store.hello(serverId, "epoch-1", 0, 0);
      const events = [1, 2, 3].map((seq) => ({
        seq,
        json: `{"seq":${seq}}`,
        type: "player_chat",
        player: "Steve",
      }));
      expect(await store.append(serverId, "epoch-1", events, Date.now())).toMatchObject({
        stored: 3,
        lastSeq: 3,
      });
      expect(await store.append(serverId, "epoch-1", events, Date.now())).toMatchObject({
        stored: 0,
        duplicates: 3,
      });

      expect(await tryAcquire(redis, k.lease(serverId), "me", 5000)).toBe(true);
      expect(await renewLease(redis, k.lease(serverId), "me", 5000)).toBe(true);
      expect(await releaseLease(redis, k.lease(serverId), "me")).toBe(true);
    }
    // Three servers, three different slots here: the servers spread over the primaries.
    expect(slots.size).toBe(3);
  });

  it("a script over two servers' keys is refused (what the hash tags prevent)", async () => {
    const k = redisKeys(uniquePrefix("cluster"));
    await expect(
      client.eval("return redis.call('GET', KEYS[1])", 2, k.lease("alpha"), k.lease("beta")),
    ).rejects.toThrow(/CROSSSLOT/);
  });
});

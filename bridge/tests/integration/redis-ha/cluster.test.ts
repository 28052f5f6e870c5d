/**
 * The key layout on a real Redis Cluster (three primaries on loopback): a server's BullMQ queue, its
 * event-store scripts and its lease all work on an ioredis Cluster, i.e. every command and script
 * touches one slot (a cross-slot script fails with CROSSSLOT). Then the real bridge given a
 * redis+cluster:// URL: jobs from a producer and from two JobClients sharing a read (single-flight
 * replies to reply lists in other slots), events through the ingest read back by the per-slot
 * stream readers, and its lease.
 */
import {
  commandQueueName,
  connectRedis,
  keySlot,
  queuePrefix,
  redisKeys,
  releaseLease,
  renewLease,
  tryAcquire,
} from "@mcp-bridge/shared";
import { type EventRecord, GroupReader, type StreamEntry, StreamReader } from "@mcp-bridge/shared/events";
import { JobClient } from "@mcp-bridge/shared/queue";
import { Queue, Worker } from "bullmq";
import { Cluster, type Redis } from "ioredis";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniquePrefix } from "../../../../shared/testing/redis.js";
import { type LocalCluster, startCluster } from "../../../../shared/testing/redis-ha.js";
import { redisServerAvailable } from "../../../../shared/testing/redis-server.js";
import { createBridge } from "../../../src/bridge.js";
import { RedisEventStore } from "../../../src/events/event-store.js";
import { JobReplies } from "../../../src/jobs/job-replies.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { JOB_SECRET, testConfig } from "../../../testing/test-config.js";
import { ModClient } from "../events/harness.js";
import { Producer } from "../jobs/producer.js";

const EVENTS_TOKEN = "events-token-0123456789";

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

  it("a job's reply reaches its producer and the producers that joined it, their lists in other slots", async () => {
    const prefix = uniquePrefix("cluster");
    const k = redisKeys(prefix);
    const serverId = "alpha";
    const queue = new Queue(commandQueueName(serverId), {
      connection: client.duplicate(),
      prefix: queuePrefix(prefix, serverId),
    });
    const replies = new JobReplies(client, prefix, serverId, pino({ level: "silent" }));
    const worker = new Worker(
      commandQueueName(serverId),
      async (job) => {
        replies.expect(job, "owner");
        return "done";
      },
      { connection: client.duplicate(), prefix: queuePrefix(prefix, serverId), autorun: false },
    );
    replies.attach(worker);
    try {
      const job = await queue.add("get_online_players", {});
      await client.sadd(k.flightWaiters(serverId, job.id!), "joined-1", "joined-2");
      const slots = new Set(["owner", "joined-1", "joined-2"].map((id) => keySlot(k.reply(id))));
      slots.add(keySlot(k.flightWaiters(serverId, job.id!)));
      expect(slots.size).toBeGreaterThan(1);
      void worker.run();
      await waitUntil(async () => (await client.llen(k.reply("joined-2"))) > 0);
      for (const id of ["owner", "joined-1", "joined-2"])
        expect(JSON.parse((await client.lindex(k.reply(id), 0))!)).toMatchObject({
          jobId: job.id,
          ok: true,
          returnvalue: "done",
        });
      expect(await client.exists(k.flightWaiters(serverId, job.id!))).toBe(0);
    } finally {
      await worker.close();
      await queue.close();
    }
  });

  it("the bridge on a redis+cluster:// URL: jobs, single-flight replies, events, per-slot readers, lease", async () => {
    const url = `redis+cluster://${cluster.nodes.map((n) => `${n.host}:${n.port}`).join(",")}`;
    const peer = new ModPeer();
    const config = testConfig(await peer.server.listen(), { REDIS_URL: url, BRIDGE_PORT: "0" });
    const prefix = config.redisPrefix;
    const k = redisKeys(prefix);
    const bridge = createBridge(config, { probeVersion: async () => "1.21.1" });
    await bridge.start();
    const producer = new Producer(config);
    const logger = pino({ level: "silent" });
    const redis = connectRedis(url, { maxRetriesPerRequest: 3 });
    const jobClients = [0, 1].map(
      () =>
        new JobClient({ redis: connectRedis(url), prefix, secret: JOB_SECRET, timeoutMs: 10_000, logger }),
    );
    // A second server's stream in another slot than s1's: the readers must split their reads.
    const other = ["beta", "gamma", "delta"].find(
      (id) => keySlot(k.eventStream(id)) !== keySlot(k.eventStream("s1")),
    )!;
    const seen: EventRecord[] = [];
    const reader = new StreamReader(
      connectRedis(url, { maxRetriesPerRequest: null }),
      StreamReader.keysFor(["s1", other], (id) => k.eventStream(id)),
      logger,
    );
    reader.listen((event) => seen.push(event));
    const grouped: string[] = [];
    const group = new GroupReader({
      connection: connectRedis(url, { maxRetriesPerRequest: null }),
      redis,
      streams: [k.eventStream("s1"), k.eventStream(other)],
      group: "cluster-test",
      consumer: "c1",
      startId: "0",
      blockMs: 200,
      logger,
    });
    try {
      await producer.ready();
      const jobs = await Promise.all(
        Array.from({ length: 10 }, (_, i) => producer.add("execute_command", { command: `say ${i}` })),
      );
      for (const job of jobs) await producer.finished(job);

      // Two producers (reply lists in two other slots) asking the same read at once share one job.
      const admin = { id: "alice", role: "admin" };
      const outcomes = await Promise.all(jobClients.map((c) => c.run("s1", "get_online_players", {}, admin)));
      for (const outcome of outcomes) expect(outcome).toMatchObject({ status: "completed" });
      expect(outcomes[0]!.jobId).toBe(outcomes[1]!.jobId);

      reader.start();
      group.start(async (entry) => {
        grouped.push(entry.stream);
        await entry.ack();
      });
      await new Promise((r) => setTimeout(r, 300)); // the live reader pins its start ids
      const mod = await ModClient.connect(`${bridge.url!.replace("http", "ws")}/events`, EVENTS_TOKEN);
      await mod.hello("s1");
      await mod.sendAndWaitAck([1, 2, 3]);
      mod.ws.close();
      // The same event, as if the other server's bridge had stored it.
      const entries = (await redis.xrange(k.eventStream("s1"), "-", "+", "COUNT", 1)) as StreamEntry[];
      const fields = entries[0]![1];
      const copied = fields.map((value, i) => (fields[i - 1] === "serverId" ? other : value));
      await redis.xadd(k.eventStream(other), "*", ...copied);
      await waitUntil(() => seen.length >= 4 && grouped.length >= 4);
      expect(new Set(seen.map((e) => e.serverId))).toEqual(new Set(["s1", other]));
      expect(new Set(grouped)).toEqual(new Set([k.eventStream("s1"), k.eventStream(other)]));
      expect(await redis.xlen(k.eventStream("s1"))).toBe(3);

      // The bridge holds its server's lease (a tagged key, in s1's slot).
      expect(await redis.get(k.lease("s1"))).toBeTruthy();
    } finally {
      await group.close();
      await reader.close();
      for (const c of jobClients) await c.close();
      await producer.close();
      await bridge.stop();
      redis.disconnect();
      await peer.server.close();
    }
  }, 30_000);
});

async function waitUntil(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

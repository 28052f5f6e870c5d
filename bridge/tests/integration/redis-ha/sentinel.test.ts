/**
 * Redis Sentinel failover under load: a primary, a replica and three Sentinels on loopback; the
 * real bridge (jobs, leases, event ingest) and a producer, both given the redis+sentinel:// URL;
 * writes and events flow while the primary is SIGKILLed. Prints what docs/deployment.md states:
 * time without service, jobs lost or run twice, events lost or doubled.
 */
import { connectRedis, type Operation, redisKeys } from "@mcp-bridge/shared";
import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SentinelSet, startSentinelSet } from "../../../../shared/testing/redis-ha.js";
import { redisServerAvailable } from "../../../../shared/testing/redis-server.js";
import { type Bridge, createBridge } from "../../../src/bridge.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { testConfig } from "../../../testing/test-config.js";
import { ModClient } from "../events/harness.js";
import { Producer } from "../jobs/producer.js";

const available = redisServerAvailable();
const EVENTS_TOKEN = "events-token-0123456789";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!available)("Redis Sentinel: the primary dies while jobs and events flow", () => {
  let set: SentinelSet;
  beforeAll(async () => {
    set = await startSentinelSet();
  }, 30_000);
  afterAll(async () => set?.stop());

  it("service is back within 10 s, no write runs twice, nothing acknowledged is doubled", async () => {
    const peer = new ModPeer();
    const port = await peer.server.listen();
    const config = testConfig(port, {
      REDIS_URL: set.url,
      BRIDGE_PORT: "0",
      // The default: it outlasts the failover, so the bridge keeps its lease (see docs/deployment.md
      // for what a shorter one costs).
      LEASE_TTL_MS: "5000",
      LOG_LEVEL: process.env.CHILD_LOG_LEVEL ?? "silent",
    });
    const bridge: Bridge = createBridge(config, { probeVersion: async () => "1.21.1" });
    await bridge.start();
    const producer = new Producer(config);
    await producer.ready();
    const check = connectRedis(set.url);
    try {
      await producer.finished(await producer.add("get_online_players", {}));
      let mod = await ModClient.connect(`${bridge.url!.replace("http", "ws")}/events`, EVENTS_TOKEN);
      await mod.hello("s1");

      // Writes: one new job every 20 ms; an add that fails is retried with the SAME job (same id),
      // as a client would; the job counts as acknowledged once an add returned.
      const acknowledged: Job[] = [];
      const addedAt = new Map<string, number>();
      let running = true;
      let killedAt = 0;
      const writer = (async () => {
        for (let i = 0; running; i++) {
          const op: Operation = "execute_command";
          for (;;) {
            try {
              const job = await producer.add(op, { command: `say ${i}` });
              acknowledged.push(job);
              addedAt.set(job.id!, Date.now());
              break;
            } catch {
              await sleep(50);
            }
          }
          await sleep(20);
        }
      })();
      // Events: one every 20 ms; after a lost connection, reconnect and resend what was not acked
      // (the mod's outbox does exactly this).
      let nextSeq = 1;
      const eventer = (async () => {
        while (running) {
          if (mod.ws.readyState !== mod.ws.OPEN) {
            try {
              mod = await ModClient.connect(`${bridge.url!.replace("http", "ws")}/events`, EVENTS_TOKEN);
              const hello = await mod.hello("s1");
              const last = hello.payload.data?.lastSeq ?? 0;
              mod.ackSeq = last;
              nextSeq = last + 1;
            } catch {
              await sleep(100);
              continue;
            }
          }
          mod.send([nextSeq++]);
          await sleep(20);
        }
      })();

      await sleep(1000);
      await set.killPrimary();
      killedAt = Date.now();
      await sleep(8000);
      running = false;
      await Promise.all([writer, eventer]);
      const lastAcked = mod.ackSeq;
      await mod.waitFor(() => mod.ackSeq >= nextSeq - 1, 10_000).catch(() => undefined);

      // Every acknowledged job either finished or is gone (lost with the primary); none may stay.
      const outcome = async (job: Job) => {
        const state = await producer.queue.getJobState(job.id!);
        return state;
      };
      await sleep(3000);
      const states = await Promise.all(acknowledged.map(outcome));
      const lost = acknowledged.filter((_, i) => states[i] === "unknown");
      const finished = await Promise.all(
        acknowledged.map(async (job) => (await producer.queue.getJob(job.id!))?.finishedOn ?? 0),
      );
      const afterKill = acknowledged
        .map((job, i) => ({ added: addedAt.get(job.id!)!, finished: finished[i]! }))
        .filter((j) => j.added >= killedAt && j.finished > 0)
        .sort((a, b) => a.finished - b.finished);
      const outageMs = (afterKill[0]?.finished ?? Number.POSITIVE_INFINITY) - killedAt;

      const entries = await check.xrange(redisKeys(config.redisPrefix).eventStream("s1"), "-", "+");
      const seqs = entries.map(
        ([, f]) => (JSON.parse(f[f.indexOf("event") + 1]!) as { payload: { seq: number } }).payload.seq,
      );
      const doubledEvents = seqs.length - new Set(seqs).size;
      const stored = new Set(seqs);
      const eventsLost = Array.from({ length: lastAcked }, (_, i) => i + 1).filter(
        (s) => !stored.has(s),
      ).length;
      const runTwice = [...peer.executions.values()].filter((n) => n > 1).length;

      // A lost job that had run: its answer was delivered, only its record is gone; the mod's
      // journal still answers a re-send of its request as a replay.
      const ran = (job: Job) => peer.executions.has((job.data as { envelope: { id: string } }).envelope.id);
      const lostUnrun = lost.filter((job) => !ran(job));
      console.log(
        `sentinel failover: primary killed; service back after ${outageMs} ms; ` +
          `${acknowledged.length} writes acknowledged, ${lost.length} records lost (${lostUnrun.length} of them never ran), ${runTwice} run twice, ` +
          `${states.filter((s) => s !== "completed" && s !== "unknown").length} not finished; ` +
          `${lastAcked} events acknowledged, ${eventsLost} lost, ${doubledEvents} doubled; ` +
          `primary now on port ${await set.currentPrimaryPort()} (was ${set.primaryPort})`,
      );
      expect(await set.currentPrimaryPort()).toBe(set.replicaPort);
      expect(outageMs).toBeLessThan(10_000);
      expect(runTwice).toBe(0);
      expect(doubledEvents).toBe(0);
      expect(states.every((s) => s === "completed" || s === "unknown")).toBe(true);
    } finally {
      check.disconnect();
      await producer.close().catch(() => undefined);
      await bridge.stop();
      await peer.server.close();
    }
  }, 60_000);
});

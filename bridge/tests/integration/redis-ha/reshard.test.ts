/**
 * Resharding a Redis Cluster under the bridge (docs/deployment.md, "Resharding"): the slot of a
 * server's hash tag `{s1}` (its queue, lease, events) moves to another primary while write jobs are
 * added, and stays split (half of its keys moved) for 3 s, longer than ioredis' default TRYAGAIN
 * budget (16 redirections 100 ms apart). Every job completes, each request runs once on the server,
 * and the bridge logs no worker error (with ioredis' and BullMQ's defaults the worker's fetch failed
 * with "Too many Cluster redirections" and it waited 15 s before fetching again).
 */
import { keySlot, redisKeys } from "@mcp-bridge/shared";
import type { Job } from "bullmq";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalCluster, moveSlot, startCluster } from "../../../../shared/testing/redis-ha.js";
import { redisServerAvailable } from "../../../../shared/testing/redis-server.js";
import { createBridge } from "../../../src/bridge.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { testConfig } from "../../../testing/test-config.js";
import { Producer } from "../jobs/producer.js";

describe.skipIf(!redisServerAvailable())("resharding a server's slot while jobs are added", () => {
  let cluster: LocalCluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 30_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it("loses no job, runs none twice, and the worker sees no error while the slot is split", async () => {
    const url = `redis+cluster://${cluster.nodes.map((n) => `${n.host}:${n.port}`).join(",")}`;
    const peer = new ModPeer();
    const config = testConfig(await peer.server.listen(), { REDIS_URL: url });
    const logged: { level: number; msg: string }[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const bridge = createBridge(config, { probeVersion: async () => "1.21.1", logger, http: false });
    const producer = new Producer(config);
    try {
      await bridge.start();
      await producer.ready();
      const add = (n: number) => producer.add("execute_command", { command: `say ${n}` });
      for (let n = 0; n < 5; n++) await producer.finished(await add(n));
      const added: Promise<Job>[] = [];
      const move = await moveSlot(cluster, keySlot(redisKeys(config.redisPrefix).lease("s1")), {
        whileSplit: async () => {
          for (let n = 5; n < 15; n++) added.push(add(n));
          await new Promise((r) => setTimeout(r, 3000));
        },
      });
      expect(move.keys).toBeGreaterThan(10);
      const jobs = await Promise.all(added);
      for (const job of jobs) await producer.finished(job, 60_000);
      const requestId = (job: Job) => (job.data as { envelope: { id: string } }).envelope.id;
      expect(jobs.map((job) => peer.executions.get(requestId(job)))).toEqual(jobs.map(() => 1));
      expect([...peer.executions.values()].every((count) => count === 1)).toBe(true);
      expect(logged.filter((l) => l.msg === "worker error")).toEqual([]);
    } finally {
      await producer.close();
      await bridge.stop();
      await peer.server.close();
    }
  }, 90_000);
});

/**
 * Single-flight reads (issue 29): identical reads in flight share one job, also across producer
 * processes (joined in Redis); every caller gets that job's id; a write is never shared; a call after
 * the job finished starts a new one; a producer that dies after queueing strands none of the others.
 * Real Redis, BullMQ and bridge; producers are JobClients in their own processes
 * (support/flight-producer.ts); the game is the mod peer (bridge/testing/mod-peer.ts), holding answers
 * while callers join.
 */
import { createLogger, redisKeys } from "@mcp-bridge/shared";
import { JobClient, type JobOutcome } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { startNode } from "../../../../shared/testing/processes.js";
import { createBridge } from "../../../src/bridge.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { JOB_SECRET, testConfig } from "../../../testing/test-config.js";
import { Producer } from "./producer.js";

const PRODUCER = "bridge/tests/integration/jobs/support/flight-producer.ts";
const alice = { id: "alice", role: "admin" };
const players = { players: ["Steve"], online: 1, max: 20 };

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 2400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("single-flight reads", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  async function setup() {
    const peer = new ModPeer();
    // The peer holds answers while producer processes start: RCON must not give up on them.
    const config = testConfig(await peer.server.listen(), { RCON_TIMEOUT_MS: "60000" });
    const bridge = createBridge(config, { http: false });
    const producer = new Producer(config);
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    await producer.ready();
    await bridge.start();
    cleanups.push(() => peer.server.close());
    cleanups.push(() => producer.close());
    cleanups.push(() => bridge.stop());
    cleanups.push(async () => redis.disconnect());
    /** Jobs in the queue, whatever their state: what single-flight saves. */
    const runs = async () => {
      const counts = await producer.queue.getJobCounts("waiting", "active", "completed", "failed");
      return Object.values(counts).reduce((a, b) => a + b, 0);
    };
    /** Ids of the jobs the bridge runs (the peer holds their answers). */
    const active = async () => (await producer.queue.getActive()).map((j) => j.id!);
    const waiters = (jobId: string) => redis.scard(redisKeys(config.redisPrefix).flightWaiters("s1", jobId));
    /** One producer process making one call; its outcome is the line it prints. */
    const call = (op: string, args: object) => {
      const proc = startNode("flight-producer", PRODUCER, [], {
        NODE_OPTIONS: "--import tsx",
        REDIS_URL: config.redisUrl,
        PREFIX: config.redisPrefix,
        SECRET: JOB_SECRET,
        OP: op,
        ARGS: JSON.stringify(args),
      });
      cleanups.push(() => proc.kill());
      const outcome = proc.exited.then(() => {
        const line = proc
          .output()
          .split("\n")
          .find((l) => l.startsWith('{"status"'));
        if (!line) throw new Error(`the producer printed no outcome: ${proc.output()}`);
        return JSON.parse(line) as JobOutcome;
      });
      return { child: proc.child, outcome };
    };
    const jobClient = () => {
      const jobs = new JobClient({
        redis,
        prefix: config.redisPrefix,
        secret: JOB_SECRET,
        timeoutMs: 20_000,
        retention: { attempts: 1 },
        logger: createLogger({ name: "test", level: "silent" }),
      });
      cleanups.push(() => jobs.close());
      return jobs;
    };
    return { peer, producer, runs, active, waiters, call, jobClient };
  }

  it("runs one job for identical reads from four processes; each caller gets its id and answer", async () => {
    const { peer, producer, runs, active, waiters, call } = await setup();
    peer.hold((c) => c.includes("get_online_players"));
    const first = call("get_online_players", {});
    await until("the first job to reach the server", async () => (await active()).length === 1);
    const [jobId] = await active();
    const others = [
      call("get_online_players", {}),
      call("get_online_players", {}),
      call("get_online_players", {}),
    ];
    await until("three producers to join", async () => (await waiters(jobId!)) === 3);
    peer.release();
    const outcomes = await Promise.all([first, ...others].map((c) => c.outcome));
    for (const o of outcomes) expect(o).toEqual({ status: "completed", jobId, data: players });
    expect(await runs()).toBe(1);
    expect(await producer.queue.getJobState(jobId!)).toBe("completed");
    expect(await waiters(jobId!)).toBe(0);
  }, 60_000);

  it("shares a job between identical calls of one process without a join; other arguments get their own", async () => {
    const { peer, runs, active, waiters, jobClient } = await setup();
    const jobs = jobClient();
    peer.hold((c) => c.includes("get_online_players"));
    const a = jobs.run("s1", "get_online_players", {}, alice);
    await until("the job to reach the server", async () => (await active()).length === 1);
    const b = jobs.run("s1", "get_online_players", {}, alice);
    const other = jobs.run("s1", "get_online_players", {}, { id: "bob", role: "reader" });
    await until("the other client's job", async () => (await active()).length === 2);
    for (const id of await active()) expect(await waiters(id)).toBe(0);
    peer.release();
    const [ra, rb, ro] = await Promise.all([a, b, other]);
    expect(ra).toMatchObject({ status: "completed", data: players });
    expect(await runs()).toBe(2);
    expect(rb).toEqual(ra);
    expect(ro.jobId).not.toBe(ra.jobId);
  }, 60_000);

  it("never shares a write, and a call after the job finished starts a new one", async () => {
    const { peer, runs, active, jobClient } = await setup();
    const [a, b] = [jobClient(), jobClient()];
    peer.hold((c) => c.includes("send_message"));
    const writes = [
      a.run("s1", "send_message", { message: "hi" }, alice),
      b.run("s1", "send_message", { message: "hi" }, alice),
    ];
    await until("both writes to reach the server", async () => (await active()).length === 2);
    peer.release();
    const [w1, w2] = (await Promise.all(writes)) as [JobOutcome, JobOutcome];
    expect(w1.jobId).not.toBe(w2.jobId);
    const r1 = await a.run("s1", "get_online_players", {}, alice);
    const r2 = await b.run("s1", "get_online_players", {}, alice);
    expect(r1.status).toBe("completed");
    expect(r2.jobId).not.toBe(r1.jobId);
    expect(await runs()).toBe(4);
  }, 60_000);

  it("a producer killed after queueing strands no follower: the job runs and answers the others", async () => {
    const { peer, runs, active, waiters, call } = await setup();
    peer.hold((c) => c.includes("get_online_players"));
    const leader = call("get_online_players", {});
    await until("the leader's job to reach the server", async () => (await active()).length === 1);
    const [jobId] = await active();
    leader.child.kill("SIGKILL");
    await leader.outcome.catch(() => undefined);
    const follower = call("get_online_players", {});
    await until("the follower to join", async () => (await waiters(jobId!)) === 1);
    peer.release();
    expect(await follower.outcome).toEqual({ status: "completed", jobId, data: players });
    expect(await runs()).toBe(1);
  }, 60_000);
});

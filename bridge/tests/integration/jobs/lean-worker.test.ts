/**
 * The command queue's worker (LeanWorker, issue 18): with one job at a time it fetches each job
 * once and wakes once per job (BullMQ's Worker: three moveToActive and two BZPOPMIN), and it loses
 * no job for it: jobs added while one runs, many jobs at once (still run concurrently, for the mod
 * batcher), retries after a backoff, and the marker script keeps the marker whenever a job waits.
 * Real Redis and BullMQ; the Redis commands are counted with MONITOR, filtered by the test's prefix.
 */
import { runScript } from "@mcp-bridge/shared";
import { type Job, Queue, type RedisQueueBackend, Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../../shared/testing/redis.js";
import { LeanWorker } from "../../../src/jobs/lean-worker.js";
import { sharedWorkerBackend } from "../../../src/jobs/worker-backend.js";
import { CLEAR_MARKER_IF_IDLE } from "../../../src/lua/index.js";

type Process = (job: Job) => Promise<unknown>;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A LeanWorker (or BullMQ's Worker) on a fresh queue, running, and a producer for it. */
async function setup(
  process: Process,
  options: { plain?: boolean; concurrency?: number; shared?: Redis } = {},
) {
  const prefix = uniquePrefix("lean");
  const connection = options.shared ?? new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const queue = new Queue("q", { connection: new Redis(testRedisUrl()), prefix });
  const Kind = options.plain ? Worker : LeanWorker;
  // A long drain delay: a job that only a BZPOPMIN timeout would find makes the test time out.
  const workerOptions = {
    connection,
    prefix,
    concurrency: options.concurrency ?? 16,
    autorun: false,
    drainDelay: 30,
  };
  const worker = options.shared
    ? new LeanWorker("q", process, workerOptions, sharedWorkerBackend)
    : new Kind("q", process, workerOptions);
  cleanups.push(async () => {
    await worker.close(true);
    await queue.close();
    if (!options.shared) connection.disconnect();
  });
  void worker.run();
  await worker.waitUntilReady();
  const finished = new Map<string, (outcome: unknown) => void>();
  worker.on("completed", (job, value) => finished.get(job.id!)?.(value));
  worker.on("failed", (job, error) => {
    if (job?.finishedOn) finished.get(job.id!)?.(error);
  });
  /** Adds a job and resolves with its return value (or final error) once BullMQ recorded it. */
  const run = async (data: Record<string, unknown>, opts: Parameters<Queue["add"]>[2] = {}) => {
    const job = await queue.add("op", data, opts);
    return new Promise<unknown>((resolve) => finished.set(job.id!, resolve));
  };
  return { prefix, queue, worker, run };
}

/** Counts the Redis commands sent by clients (not by scripts) that name a key under `prefix`. */
async function countCommands(prefix: string) {
  // Listeners first, then MONITOR (ioredis's monitor() attaches nothing before it resolves): a
  // command logged in the same read as MONITOR's "OK" reaches ioredis before it knows the connection
  // is monitoring, and it reports that as an error ("Command queue state error"). Only the first
  // lines can do that, and the counts are reset after a settling pause anyway.
  const monitor = new Redis(testRedisUrl(), { monitor: true });
  monitor.on("error", () => undefined);
  cleanups.push(async () => monitor.disconnect());
  const monitoring = new Promise((resolve) => monitor.once("monitoring", resolve));
  const counts = new Map<string, number>();
  monitor.on("monitor", (_time: string, args: string[], source: string) => {
    if (source === "lua" || !args.some((a) => a.startsWith(prefix))) return;
    const name = args[0]!.toLowerCase();
    // BullMQ's scripts by their key count: moveToActive 11, moveToFinished 14; ours: 3.
    const key = name === "evalsha" ? `evalsha/${args[2]}` : name;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  await monitoring;
  return { get: (key: string) => counts.get(key) ?? 0, reset: () => counts.clear() };
}

const echo: Process = async (job) => {
  await new Promise((resolve) => setTimeout(resolve, 2));
  return job.data.n;
};

describe("LeanWorker", () => {
  it("fetches each job once and wakes once per job when jobs come one at a time", async () => {
    const counted = async (plain: boolean) => {
      const { prefix, run } = await setup(echo, { plain });
      for (let n = 0; n < 5; n++) await run({ n });
      const commands = await countCommands(prefix);
      await new Promise((resolve) => setTimeout(resolve, 100));
      commands.reset();
      const jobs = 30;
      for (let n = 0; n < jobs; n++) expect(await run({ n })).toBe(n);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return {
        moveToActive: commands.get("evalsha/11") / jobs,
        wakeUps: commands.get("bzpopmin") / jobs,
        moveToFinished: commands.get("evalsha/14") / jobs,
      };
    };
    const lean = await counted(false);
    expect(lean.moveToActive).toBeLessThanOrEqual(1.1);
    expect(lean.wakeUps).toBeLessThanOrEqual(1.1);
    expect(lean.moveToFinished).toBe(1);
    // What it saves: BullMQ's own Worker on the same load does more of both (how much more depends on
    // the machine's load: 2.4-3 fetches per job were seen, so only the direction is asserted).
    const plain = await counted(true);
    expect(plain.moveToActive).toBeGreaterThan(lean.moveToActive + 0.5);
    expect(plain.wakeUps).toBeGreaterThan(lean.wakeUps + 0.3);
  });

  it("keeps one fetch and one wake-up per job for each of three queues whose workers share one connection", async () => {
    // A fleet bridge runs one worker per server on one shared connection (worker-backend.ts): the
    // fetch/marker pairing must follow each fetch to its own queue, and the blocking connections
    // (BZPOPMIN only) carry none of BullMQ's scripts.
    const shared = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    cleanups.push(async () => shared.disconnect());
    const queues = [];
    for (let i = 0; i < 3; i++) queues.push(await setup(echo, { shared }));
    for (const { run } of queues) for (let n = 0; n < 3; n++) await run({ n });
    const counts = await Promise.all(queues.map(({ prefix }) => countCommands(prefix)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const c of counts) c.reset();
    const jobs = 20;
    await Promise.all(
      queues.map(async ({ run }) => {
        for (let n = 0; n < jobs; n++) expect(await run({ n })).toBe(n);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const c of counts) {
      expect(c.get("evalsha/11") / jobs).toBeLessThanOrEqual(1.1);
      expect(c.get("bzpopmin") / jobs).toBeLessThanOrEqual(1.1);
      // One marker check per fetch, for the fetching queue only (not one per worker on the connection).
      expect(c.get("evalsha/3") / jobs).toBeLessThanOrEqual(1.1);
    }
    const scripts = (client: unknown) => Object.keys((client as { scriptsSet?: object }).scriptsSet ?? {});
    expect(scripts(shared).some((name) => name.startsWith("moveToActive:"))).toBe(true);
    for (const { worker } of queues)
      expect(scripts(await (worker.getBackend() as RedisQueueBackend).blockingClient)).toEqual([]);
  }, 60_000);

  it("leaves nothing behind on a shared connection when its workers close (leases taken and given up)", async () => {
    const shared = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    cleanups.push(async () => shared.disconnect());
    const listeners = () => shared.eventNames().map((name) => shared.listenerCount(name));
    const first = await setup(echo, { shared });
    await first.run({ n: 0 });
    const before = listeners();
    for (let i = 0; i < 10; i++) {
      const { worker, run } = await setup(echo, { shared });
      expect(await run({ n: i })).toBe(i);
      await worker.close();
    }
    expect(listeners()).toEqual(before);
    expect(shared.status).toBe("ready");
  }, 60_000);

  it("starts a job added while another runs, before that one finishes", async () => {
    let secondStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      secondStarted = resolve;
    });
    const { run } = await setup(async (job) => {
      if (job.data.n === 1) {
        secondStarted();
        return 1;
      }
      // The first job waits for the second: if the worker did not fetch it meanwhile, this never ends.
      await started;
      return 0;
    });
    const first = run({ n: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = run({ n: 1 });
    expect(await Promise.all([first, second])).toEqual([0, 1]);
  }, 10_000);

  it("runs many jobs added at once concurrently, every one of them", async () => {
    let active = 0;
    let peak = 0;
    const { queue, run } = await setup(
      async (job) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active--;
        return job.data.n;
      },
      { concurrency: 16 },
    );
    await queue.pause();
    const outcomes = Array.from({ length: 200 }, (_, n) => run({ n }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await queue.resume();
    expect(await Promise.all(outcomes)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(peak).toBeGreaterThanOrEqual(8);
  }, 20_000);

  it("runs a retried job again after its backoff without waiting for the block timeout", async () => {
    let attempts = 0;
    const { run } = await setup(async () => {
      attempts++;
      if (attempts === 1) throw new Error("first attempt fails");
      return "ok";
    });
    const since = Date.now();
    expect(await run({}, { attempts: 2, backoff: { type: "fixed", delay: 300 } })).toBe("ok");
    expect(attempts).toBe(2);
    expect(Date.now() - since).toBeLessThan(5_000);
  }, 20_000);

  it("keeps jobs flowing with a few producers calling back to back", async () => {
    const { run } = await setup(echo, { concurrency: 64 });
    const results = await Promise.all(
      Array.from({ length: 4 }, async (_, producer) => {
        const seen: unknown[] = [];
        for (let i = 0; i < 50; i++) seen.push(await run({ n: producer * 100 + i }));
        return seen;
      }),
    );
    for (const [producer, seen] of results.entries()) {
      expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => producer * 100 + i));
    }
  }, 30_000);

  it("leaves no job waiting for the block timeout with 64 producers calling back to back", async () => {
    // A skipped fetch after a wake-up would leave the woken-for job waiting until the BZPOPMIN
    // timeout (drainDelay, 30 s here): every call must be quick.
    const { run } = await setup(echo, { concurrency: 64 });
    let slowest = 0;
    await Promise.all(
      Array.from({ length: 64 }, async (_, producer) => {
        for (let i = 0; i < 20; i++) {
          const since = Date.now();
          expect(await run({ n: producer * 100 + i })).toBe(producer * 100 + i);
          slowest = Math.max(slowest, Date.now() - since);
        }
      }),
    );
    expect(slowest).toBeLessThan(3_000);
  }, 60_000);
});

describe("clearMarkerIfIdle", () => {
  it("removes the base marker only when no job waits, and never the delayed jobs' marker", async () => {
    const prefix = uniquePrefix("lean");
    const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const worker = new LeanWorker("q", async () => undefined, { connection, prefix, autorun: false });
    cleanups.push(async () => {
      await worker.close(true);
      connection.disconnect();
    });
    const wait = worker.keys.wait!;
    const prioritized = worker.keys.prioritized!;
    const marker = worker.keys.marker!;
    const clear = () => runScript(connection, CLEAR_MARKER_IF_IDLE, [wait, prioritized, marker], []);
    await connection.zadd(marker, 0, "0", 12345, "1");
    await connection.lpush(wait, "job-1");
    await clear();
    expect(await connection.zrange(marker, 0, -1)).toEqual(["0", "1"]);
    await connection.del(wait);
    await connection.zadd(prioritized, 1, "job-2");
    await clear();
    expect(await connection.zrange(marker, 0, -1)).toEqual(["0", "1"]);
    await connection.del(prioritized);
    await clear();
    expect(await connection.zrange(marker, 0, -1)).toEqual(["1"]);
  });
});

/**
 * The producer's side of job replies (issue 18): JobClient learns a job's outcome from its own reply
 * list, and from the queue itself when no reply comes (a bridge without replies, a lost reply).
 * Real Redis and BullMQ; the bridge is played by a BullMQ Worker that answers the way the bridge
 * does (JobResult, the error line in the job log, UnrecoverableError "CODE: message").
 */
import {
  BridgeError,
  commandQueueName,
  createLogger,
  ERROR_LOG_PREFIX,
  queuePrefix,
  redisKeys,
  verifyJob,
} from "@mcp-bridge/shared";
import { JobClient } from "@mcp-bridge/shared/queue";
import { type Job, Queue, UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../testing/redis.js";

const SECRET = "job-client-test-secret";
const client = { id: "alice", role: "admin" };

describe("JobClient outcomes", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  /** A bridge stand-in: `answer` decides each job; `reply` whether it pushes to the job's reply list. */
  function setup(answer: (job: Job) => Promise<unknown>, reply: boolean) {
    const prefix = uniquePrefix("jobclient");
    const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
    const workerRedis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const seen: string[] = [];
    /** Jobs whose reply has been pushed to their reply list. */
    const replied = new Set<string>();
    const worker = new Worker(
      commandQueueName("s1"),
      async (job) => {
        seen.push(verifyJob(job.data, SECRET).replyTo ?? "");
        return answer(job);
      },
      { connection: workerRedis, prefix: queuePrefix(prefix, "s1") },
    );
    const push = (job: Job, message: object) =>
      reply && job.data.replyTo
        ? workerRedis.lpush(redisKeys(prefix).reply(job.data.replyTo), JSON.stringify(message))
        : undefined;
    worker.on(
      "completed",
      (job, returnvalue) =>
        void push(job, { jobId: job.id, ok: true, returnvalue })?.then(() => replied.add(job.id!)),
    );
    worker.on("failed", (job, error) => {
      if (job?.finishedOn) void push(job, { jobId: job.id, ok: false, failedReason: error.message });
    });
    const jobs = (name: string) =>
      new JobClient({
        redis,
        prefix,
        secret: SECRET,
        timeoutMs: 15_000,
        retention: { attempts: 1 },
        logger: createLogger({ name, level: "silent" }),
      });
    cleanups.push(() => workerRedis.quit());
    cleanups.push(() => redis.quit());
    cleanups.push(() => worker.close());
    return { jobs, seen, redis, prefix, replied };
  }

  const players = { success: true, data: { players: ["Steve"], online: 1, max: 20 } };

  it("gets each job's result from its own reply list; another process's list stays empty", async () => {
    const { jobs, seen, redis, prefix } = setup(async () => players, true);
    const a = jobs("a");
    const b = jobs("b");
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    for (let i = 0; i < 3; i++) {
      expect(await a.run("s1", "get_online_players", {}, client)).toMatchObject({
        status: "completed",
        data: players.data,
      });
    }
    expect(await b.run("s1", "get_online_players", {}, client)).toMatchObject({ status: "completed" });
    const [idA, , , idB] = seen;
    expect(new Set(seen.slice(0, 3))).toEqual(new Set([idA]));
    expect(idB).not.toBe(idA);
    expect(await redis.exists(redisKeys(prefix).reply(idA!), redisKeys(prefix).reply(idB!))).toBe(0);
  });

  it("takes a reply that arrives before the add's own answer (the job gone by then: no sweep could find it)", async () => {
    const { jobs, replied } = setup(async () => players, true);
    const a = jobs("a");
    cleanups.push(() => a.close());
    // The add answers only once the job ran, its reply was pushed and read, and the job was removed.
    const add = Queue.prototype.add;
    cleanups.push(async () => {
      Queue.prototype.add = add;
    });
    Queue.prototype.add = async function (this: Queue, ...args: Parameters<Queue["add"]>) {
      const job = await add.apply(this, args);
      for (let i = 0; i < 500 && !replied.has(job.id!); i++) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100));
      await job.remove();
      return job;
    } as Queue["add"];
    expect(await a.run("s1", "get_online_players", {}, client, 3_000)).toMatchObject({
      status: "completed",
      data: players.data,
    });
  });

  it("settles a job that finished without a reply by reading it from the queue", async () => {
    const { jobs } = setup(async () => players, false);
    const a = jobs("a");
    cleanups.push(() => a.close());
    expect(await a.run("s1", "get_online_players", {}, client)).toMatchObject({
      status: "completed",
      data: players.data,
    });
  });

  for (const reply of [true, false]) {
    it(`gives the protocol error of a job that failed for good (${reply ? "reply" : "no reply"})`, async () => {
      const { jobs } = setup(async (job) => {
        const error = new BridgeError("PLAYER_NOT_FOUND", "No player Bob", { details: { player: "Bob" } });
        await job.log(`${ERROR_LOG_PREFIX}${JSON.stringify(error.toPayload())}`);
        throw new UnrecoverableError("PLAYER_NOT_FOUND: No player Bob");
      }, reply);
      const a = jobs("a");
      cleanups.push(() => a.close());
      await expect(a.run("s1", "get_player_info", { player: "Bob" }, client)).rejects.toMatchObject({
        code: "PLAYER_NOT_FOUND",
        details: { player: "Bob" },
      });
    });
  }
});

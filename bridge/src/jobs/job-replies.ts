/**
 * Tells the producer that queued a job how it ended, on the producer's own reply list (the job's
 * signed `replyTo`, shared/src/queue/reply-inbox.ts), so producers need not read every job's events.
 * After BullMQ recorded the outcome (get_job and Bull Board see it first): in the same write as
 * BullMQ's moveToFinished, run by Redis right after it and only if it finished the job
 * (paired-replies.ts), or else on the worker's "completed" and "failed" events. Only jobs whose signature the processor checked (`expect`) are answered;
 * a retried attempt is not an outcome. The same outcome goes to the reply lists of the producers
 * that joined the job in flight (single-flight reads, shared/src/queue/single-flight.ts): the
 * waiters set is read and removed in the same script, so a producer joins before it (and is
 * answered) or finds the job finished. Out: one LPUSH + PEXPIRE per reply list, in one script
 * (EVALSHA: an ioredis MULTI builds a pipeline object per call, ~0.1 ms of CPU per job), best effort:
 * a producer that misses a reply reads the job from the queue (JobClient's sweep). On a Redis
 * Cluster the reply lists are in other slots than the waiters set (tagged with the server), so
 * there the waiters are read and removed in one MULTI on their slot and each list gets its own
 * LPUSH + PEXPIRE.
 */
import { type Logger, type RedisConnection, redisKeys, runScript } from "@mcp-bridge/shared";
import type { Job, Worker } from "bullmq";
import { PUSH_REPLY } from "../lua/index.js";
import { pairReply, unpairReply } from "./paired-replies.js";

/** A reply list nobody reads (its process ended) is gone this long after the last reply. */
export const REPLY_TTL_MS = 60_000;
/** Paired replies whose job's event has not come yet (a handful in flight; more only if events are lost). */
const MAX_PAIRED = 10_000;

export class JobReplies {
  private readonly replyTo = new WeakMap<Job, string>();
  /** Replies sent behind the job's moveToFinished (paired-replies.ts): whether Redis pushed them. */
  private readonly paired = new Map<string, Promise<boolean>>();
  private readonly keys: ReturnType<typeof redisKeys>;
  private readonly replyPrefix: string;
  private worker: Worker | undefined;

  /**
   * `redis` sends the replies the event path sends; `workerRedis`, the worker's connection, carries
   * them behind BullMQ's moveToFinished when it can (not on a Cluster: there the reply lists are in
   * other slots than the job).
   */
  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    private readonly serverId: string,
    private readonly logger: Logger,
    private readonly workerRedis?: RedisConnection,
  ) {
    this.keys = redisKeys(prefix);
    this.replyPrefix = this.keys.reply("");
  }

  /** The processor calls this once the job's signature checked out. */
  expect(job: Job, replyTo: string | undefined): void {
    if (!replyTo) return;
    this.replyTo.set(job, replyTo);
    const id = String(job.id);
    if (!this.workerRedis || !this.worker) return;
    pairReply(this.workerRedis, this.worker.toKey(id), {
      message: (target, value) =>
        target === "completed"
          ? `{"jobId":${JSON.stringify(id)},"ok":true,"returnvalue":${value}}`
          : JSON.stringify({ jobId: id, ok: false, failedReason: value }),
      replyKey: this.keys.reply(replyTo),
      waitersKey: this.keys.flightWaiters(this.serverId, id),
      replyPrefix: this.replyPrefix,
      ttlMs: REPLY_TTL_MS,
      onPaired: (pushed) => {
        this.paired.set(id, pushed);
        // A finish whose event never comes (BullMQ gave up on it) leaves its entry: bounded.
        if (this.paired.size > MAX_PAIRED) this.paired.delete(this.paired.keys().next().value!);
      },
    });
  }

  attach(worker: Worker): void {
    this.worker = worker;
    worker.on("completed", (job, returnvalue) => this.settle(job, { jobId: job.id, ok: true, returnvalue }));
    worker.on("failed", (job, error) => {
      // finishedOn is set only when the job failed for good, not when BullMQ will retry it.
      if (job?.finishedOn) this.settle(job, { jobId: job.id, ok: false, failedReason: error.message });
    });
  }

  /** A finished job: its reply already went behind its moveToFinished, or goes now. */
  private settle(job: Job, message: Record<string, unknown>): void {
    const id = String(job.id);
    const pushed = this.paired.get(id);
    this.paired.delete(id);
    if (this.workerRedis && this.worker) unpairReply(this.workerRedis, this.worker.toKey(id));
    if (!pushed) {
      this.send(job, message);
      return;
    }
    void pushed.then((done) => {
      if (done) this.replyTo.delete(job);
      else this.send(job, message);
    });
  }

  private send(job: Job, message: Record<string, unknown>): void {
    const to = this.replyTo.get(job);
    if (!to) return;
    this.replyTo.delete(job);
    const waiters = this.keys.flightWaiters(this.serverId, String(job.id));
    const json = JSON.stringify(message);
    (this.redis.isCluster
      ? this.pushPerSlot(to, waiters, json)
      : runScript(
          this.redis,
          PUSH_REPLY,
          [this.keys.reply(to), waiters],
          [json, REPLY_TTL_MS, this.replyPrefix],
        )
    ).catch((error: Error) =>
      this.logger.warn(
        { jobId: job.id, err: error.message },
        "could not send a job's reply; the producer reads the job instead",
      ),
    );
  }

  private async pushPerSlot(to: string, waitersKey: string, json: string): Promise<void> {
    const taken = await this.redis.multi().smembers(waitersKey).del(waitersKey).exec();
    const [error, members] = taken?.[0] ?? [new Error("the transaction was discarded")];
    if (error) throw error;
    const waiters = members as string[];
    await Promise.all(
      [to, ...waiters].map((id) =>
        this.redis.multi().lpush(this.keys.reply(id), json).pexpire(this.keys.reply(id), REPLY_TTL_MS).exec(),
      ),
    );
  }
}

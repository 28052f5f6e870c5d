/**
 * Tells the producer that queued a job how it ended, on the producer's own reply list (the job's
 * signed `replyTo`, shared/src/queue/reply-inbox.ts), so producers need not read every job's events.
 * In: the worker's "completed" and "failed" events, after BullMQ recorded the outcome (get_job and
 * Bull Board see it first). Only jobs whose signature the processor checked (`expect`) are answered;
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

/** A reply list nobody reads (its process ended) is gone this long after the last reply. */
export const REPLY_TTL_MS = 60_000;

export class JobReplies {
  private readonly replyTo = new WeakMap<Job, string>();
  private readonly keys: ReturnType<typeof redisKeys>;
  private readonly replyPrefix: string;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    private readonly serverId: string,
    private readonly logger: Logger,
  ) {
    this.keys = redisKeys(prefix);
    this.replyPrefix = this.keys.reply("");
  }

  /** The processor calls this once the job's signature checked out. */
  expect(job: Job, replyTo: string | undefined): void {
    if (replyTo) this.replyTo.set(job, replyTo);
  }

  attach(worker: Worker): void {
    worker.on("completed", (job, returnvalue) => this.send(job, { jobId: job.id, ok: true, returnvalue }));
    worker.on("failed", (job, error) => {
      // finishedOn is set only when the job failed for good, not when BullMQ will retry it.
      if (job?.finishedOn) this.send(job, { jobId: job.id, ok: false, failedReason: error.message });
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

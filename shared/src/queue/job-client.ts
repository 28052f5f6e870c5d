/**
 * The producer side of the queue contract. In: an operation, its args and the calling client.
 * Out: a signed BullMQ job on `commands-<serverId>` and, through ONE QueueEvents per queue per
 * process feeding a map of pending job ids, its result, its protocol error, or "still queued"
 * when the deadline passes first.
 */

import { type Job, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  BridgeError,
  type ClientIdentity,
  commandQueueName,
  describeDuration,
  type JobRetentionOptions,
  jobOptions,
  makeRequest,
  type Operation,
  type OperationArgs,
  signJob,
  withRetentionDefaults,
} from "../index.js";
import { dataFromReturnValue, errorFromFailedJob } from "./failure.js";
import { guardRedis } from "./redis-guard.js";

export type JobOutcome =
  | { status: "completed"; jobId: string; data: unknown }
  | { status: "pending"; jobId: string; state: string };

export interface JobReport {
  jobId: string;
  serverId: string;
  op: string;
  state: string;
  attemptsMade: number;
  data?: unknown;
  error?: { code: string; message: string };
}

interface Pending {
  resolve: (data: unknown) => void;
  reject: (error: BridgeError) => void;
}

interface ServerQueue {
  queue: Queue;
  events: QueueEvents;
  eventsConnection: Redis;
  ready: Promise<unknown>;
}

export interface JobClientOptions {
  /** Non-blocking connection for adds and reads (maxRetriesPerRequest small). */
  redis: Redis;
  prefix: string;
  secret: string;
  timeoutMs: number;
  retention?: JobRetentionOptions;
  logger: Logger;
}

export class JobClient {
  private readonly queues = new Map<string, ServerQueue>();
  private readonly pending = new Map<string, Pending>();
  private closed = false;

  constructor(private readonly options: JobClientOptions) {}

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /**
   * Queues the operation and waits up to `timeoutMs` (default: the configured JOB_TIMEOUT_MS).
   * `requestId` (job id and idempotency key) is random unless given: a producer that may replay the
   * same action after a crash (npc) passes a stable one, and BullMQ keeps the first job.
   */
  async run<O extends Operation>(
    serverId: string,
    op: O,
    args: OperationArgs<O>,
    client: ClientIdentity,
    timeoutMs = this.options.timeoutMs,
    requestId?: string,
  ): Promise<JobOutcome> {
    const envelope = makeRequest(op, args, { id: requestId });
    const jobId = envelope.id;
    const data = signJob({ serverId, envelope, client }, this.options.secret);
    const sq = this.serverQueue(serverId);
    await guardRedis(this.options.redis, "waiting for the queue", () => sq.ready);
    const result = this.waitFor(jobId, timeoutMs);
    try {
      await guardRedis(this.options.redis, "adding the job", () =>
        sq.queue.add(op, data, jobOptions(jobId, this.options.retention)),
      );
    } catch (error) {
      this.pending.delete(jobId);
      throw error;
    }
    this.options.logger.debug({ jobId, serverId, op, client: client.id }, "job queued");
    void this.settleIfFinished(sq.queue, jobId);
    const outcome = await result;
    if (outcome !== TIMED_OUT) return { status: "completed", jobId, data: outcome };
    const state = await sq.queue.getJobState(jobId).catch(() => "unknown");
    return { status: "pending", jobId, state };
  }

  /** State, result or error of a job, for get_job. INVALID_ARGS when the id is unknown. */
  async report(serverId: string, jobId: string): Promise<JobReport> {
    const { queue } = this.serverQueue(serverId);
    const job = (await guardRedis(this.options.redis, "reading the job", () => queue.getJob(jobId))) as
      | Job
      | undefined;
    if (!job) {
      throw new BridgeError(
        "INVALID_ARGS",
        `No job '${jobId}' on server '${serverId}'; ${this.retentionNote()}`,
        { details: { field: "jobId" } },
      );
    }
    const state = await queue.getJobState(jobId);
    const report: JobReport = { jobId, serverId, op: job.name, state, attemptsMade: job.attemptsMade };
    if (state === "completed") {
      try {
        report.data = dataFromReturnValue(job.returnvalue);
      } catch (error) {
        report.error = BridgeError.from(error).toPayload();
      }
    }
    if (state === "failed") report.error = (await failedJobError(queue, jobId, job.failedReason)).toPayload();
    return report;
  }

  /** How long finished jobs stay inspectable, as configured (JOB_KEEP_COMPLETED_S / JOB_KEEP_FAILED_S). */
  retentionNote(): string {
    const r = withRetentionDefaults(this.options.retention);
    return `completed jobs are kept for ${describeDuration(r.completedAgeS)}, failed ones for ${describeDuration(r.failedAgeS)}`;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const p of this.pending.values())
      p.reject(new BridgeError("CONNECTION_ERROR", "MCP server shutting down"));
    this.pending.clear();
    const queues = [...this.queues.values()];
    this.queues.clear();
    // Disconnect the blocking connections first: a QueueEvents on a shared connection otherwise waits
    // for its XREAD BLOCK, which never returns while Redis is reconnecting.
    for (const q of queues) q.eventsConnection.disconnect();
    const closing = Promise.allSettled(queues.flatMap((q) => [q.events.close(), q.queue.close()]));
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
  }

  private waitFor(jobId: string, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(jobId);
        resolve(TIMED_OUT);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.pending.delete(jobId);
      };
      this.pending.set(jobId, {
        resolve: (data) => {
          done();
          resolve(data);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
    });
  }

  /** A job may finish before QueueEvents delivers; look once after adding. */
  private async settleIfFinished(queue: Queue, jobId: string): Promise<void> {
    try {
      const job = await queue.getJob(jobId);
      if (!job) return;
      if (job.finishedOn && job.failedReason && !job.returnvalue)
        this.onFailed(queue, jobId, job.failedReason);
      else if (job.finishedOn) this.onCompleted(jobId, job.returnvalue);
    } catch {
      // QueueEvents will still deliver; nothing to do.
    }
  }

  private onCompleted(jobId: string, returnvalue: unknown): void {
    const p = this.pending.get(jobId);
    if (!p) return;
    try {
      p.resolve(dataFromReturnValue(returnvalue));
    } catch (error) {
      p.reject(BridgeError.from(error));
    }
  }

  private onFailed(queue: Queue, jobId: string, failedReason: string): void {
    const p = this.pending.get(jobId);
    if (p) void failedJobError(queue, jobId, failedReason).then((error) => p.reject(error));
  }

  private serverQueue(serverId: string): ServerQueue {
    const existing = this.queues.get(serverId);
    if (existing) return existing;
    const name = commandQueueName(serverId);
    const { redis, prefix, logger } = this.options;
    const queue = new Queue(name, { connection: redis, prefix });
    const eventsConnection = redis.duplicate({ maxRetriesPerRequest: null });
    eventsConnection.on("error", () => undefined);
    const events = new QueueEvents(name, { connection: eventsConnection, prefix });
    events.on("completed", ({ jobId, returnvalue }) => this.onCompleted(jobId, returnvalue));
    events.on("failed", ({ jobId, failedReason }) => this.onFailed(queue, jobId, failedReason));
    events.on("error", (error) => logger.warn({ serverId, err: error.message }, "queue events error"));
    queue.on("error", (error) => logger.warn({ serverId, err: error.message }, "queue error"));
    const ready = Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const sq = { queue, events, eventsConnection, ready };
    ready.catch(() => {
      // Let the next call start afresh instead of failing forever on a stale rejection.
      if (this.queues.get(serverId) === sq) this.queues.delete(serverId);
    });
    this.queues.set(serverId, sq);
    return sq;
  }
}

const TIMED_OUT = Symbol("timed out");
const CLOSE_WAIT_MS = 5000;

/** A failed job's error with the details the bridge logged; the failedReason alone if the log cannot be read. */
async function failedJobError(
  queue: Queue,
  jobId: string,
  failedReason: string | undefined,
): Promise<BridgeError> {
  const logs = await queue.getJobLogs(jobId).then(
    (l) => l.logs,
    () => [],
  );
  return errorFromFailedJob(failedReason, logs);
}

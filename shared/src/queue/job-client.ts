/**
 * The producer side of the queue contract. In: an operation, its args and the calling client.
 * Out: a signed BullMQ job on `commands-<serverId>` and its result, its protocol error, or "still
 * queued" when the deadline passes first. Outcomes arrive on this process's reply list (ReplyInbox:
 * the job's signed `replyTo`), so a process reads only its own jobs' outcomes; a job still pending
 * after SWEEP_MS is read from the queue itself each SWEEP_MS (a lost reply, an older bridge).
 */

import { type Job, Queue } from "bullmq";
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
  queuePrefix,
  signJob,
  withRetentionDefaults,
} from "../index.js";
import { dataFromReturnValue, errorFromFailedJob } from "./failure.js";
import { guardRedis } from "./redis-guard.js";
import { ReplyInbox, type ReplyMessage } from "./reply-inbox.js";

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
  queue: Queue;
  since: number;
}

interface ServerQueue {
  queue: Queue;
  ready: Promise<unknown>;
  /** Set once `ready` resolved: later calls skip waiting for it. */
  isReady: boolean;
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
  private readonly inbox: ReplyInbox;
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: JobClientOptions) {
    this.inbox = new ReplyInbox(options.redis, options.prefix, (reply) => this.onReply(reply));
  }

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
    const data = signJob({ serverId, envelope, client, replyTo: this.inbox.id }, this.options.secret);
    const sq = this.serverQueue(serverId);
    this.inbox.start();
    if (!sq.isReady) await guardRedis(this.options.redis, "waiting for the queue", () => sq.ready);
    const result = this.waitFor(sq.queue, jobId, timeoutMs);
    try {
      await guardRedis(this.options.redis, "adding the job", () =>
        sq.queue.add(op, data, jobOptions(jobId, this.options.retention)),
      );
    } catch (error) {
      this.pending.delete(jobId);
      throw error;
    }
    this.options.logger.debug({ jobId, serverId, op, client: client.id }, "job queued");
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
    clearInterval(this.sweeper);
    const queues = [...this.queues.values()];
    this.queues.clear();
    const closing = Promise.allSettled([this.inbox.close(), ...queues.map((q) => q.queue.close())]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
  }

  private waitFor(queue: Queue, jobId: string, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(jobId);
        resolve(TIMED_OUT);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.pending.delete(jobId);
      };
      this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS).unref();
      this.pending.set(jobId, {
        queue,
        since: Date.now(),
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

  private onReply(reply: ReplyMessage): void {
    const p = this.pending.get(reply.jobId);
    if (!p) return;
    if (reply.ok) this.onCompleted(reply.jobId, reply.returnvalue);
    else this.onFailed(p.queue, reply.jobId, reply.failedReason);
  }

  /** Reads the jobs pending for SWEEP_MS or more from the queue; stops when none is pending. */
  private sweep(): void {
    if (this.pending.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
      return;
    }
    const old = Date.now() - SWEEP_MS;
    for (const [jobId, p] of this.pending) if (p.since <= old) void this.settleIfFinished(p.queue, jobId);
  }

  /** Settles a pending job that finished (its reply was lost or never sent). */
  private async settleIfFinished(queue: Queue, jobId: string): Promise<void> {
    try {
      const job = await queue.getJob(jobId);
      if (!job) return;
      if (job.finishedOn && job.failedReason && !job.returnvalue)
        this.onFailed(queue, jobId, job.failedReason);
      else if (job.finishedOn) this.onCompleted(jobId, job.returnvalue);
    } catch {
      // Redis unreachable: the next sweep looks again.
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
    const queue = new Queue(name, { connection: redis, prefix: queuePrefix(prefix, serverId) });
    queue.on("error", (error) => logger.warn({ serverId, err: error.message }, "queue error"));
    const ready = queue.waitUntilReady();
    const sq: ServerQueue = { queue, ready, isReady: false };
    ready.then(
      () => {
        sq.isReady = true;
      },
      () => undefined,
    );
    ready.catch(() => {
      // Let the next call start afresh instead of failing forever on a stale rejection.
      if (this.queues.get(serverId) === sq) this.queues.delete(serverId);
    });
    this.queues.set(serverId, sq);
    return sq;
  }
}

const TIMED_OUT = Symbol("timed out");
/** A job pending this long is read from the queue, then again each SWEEP_MS. */
export const SWEEP_MS = 1000;
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

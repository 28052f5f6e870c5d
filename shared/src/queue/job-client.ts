/**
 * The producer side of the queue contract. In: an operation, its args and the calling client.
 * Out: a signed BullMQ job on `commands-<serverId>` and its result, its protocol error, or "still
 * queued" when the deadline passes first. Outcomes arrive on this process's reply list (ReplyInbox:
 * the job's signed `replyTo`), so a process reads only its own jobs' outcomes; a job still pending
 * after SWEEP_MS is read from the queue itself each SWEEP_MS (a lost reply, an older bridge).
 * Identical reads in flight share one job (single-flight.ts); in this process they share it
 * without a round trip, each caller with its own deadline.
 */

import { type Job, Queue } from "bullmq";
import type { Logger } from "pino";
import {
  BridgeError,
  type ClientIdentity,
  commandQueueName,
  describeDuration,
  isWriteOperation,
  type JobRetentionOptions,
  jobOptions,
  makeRequest,
  type Operation,
  type OperationArgs,
  queuePrefix,
  signJob,
  withRetentionDefaults,
} from "../index.js";
import type { RedisConnection } from "../redis/connect.js";
import { dataFromReturnValue, errorFromFailedJob } from "./failure.js";
import { guardRedis } from "./redis-guard.js";
import { ReplyInbox, type ReplyMessage } from "./reply-inbox.js";
import { ServerStateReader } from "./server-state.js";
import { flightId, joinFlight } from "./single-flight.js";

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

interface Waiter {
  resolve: (data: unknown) => void;
  reject: (error: BridgeError) => void;
}

/** A job this process waits for, with every local caller waiting for it. */
interface Pending {
  waiters: Set<Waiter>;
  queue: Queue;
  since: number;
  /** The read's flight id, while this process may hand the job to more identical calls. */
  flight?: string;
}

interface ServerQueue {
  queue: Queue;
  ready: Promise<unknown>;
  /** Set once `ready` resolved: later calls skip waiting for it. */
  isReady: boolean;
}

export interface JobClientOptions {
  /** Non-blocking connection for adds and reads (maxRetriesPerRequest small). */
  redis: RedisConnection;
  prefix: string;
  secret: string;
  timeoutMs: number;
  retention?: JobRetentionOptions;
  logger: Logger;
}

export class JobClient {
  private readonly queues = new Map<string, ServerQueue>();
  private readonly pending = new Map<string, Pending>();
  /** Flight id -> the job in flight for it that this process waits for. */
  private readonly flights = new Map<string, string>();
  private readonly inbox: ReplyInbox;
  private readonly states: ServerStateReader;
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: JobClientOptions) {
    this.inbox = new ReplyInbox(options.redis, options.prefix, (reply) => this.onReply(reply));
    this.states = new ServerStateReader(options.redis, options.prefix);
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** Jobs this process waits for now (a job several callers share counts once). */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * Queues the operation and waits up to `timeoutMs` (default: the configured JOB_TIMEOUT_MS).
   * `requestId` (job id and idempotency key) is random unless given: a producer that may replay the
   * same action after a crash (npc) passes a stable one, and BullMQ keeps the first job.
   * A server whose bridge gave up on it (a refused RCON password) is refused before anything is
   * queued (server-state.ts). An error of a queued job carries its id (BridgeError.jobId).
   */
  async run<O extends Operation>(
    serverId: string,
    op: O,
    args: OperationArgs<O>,
    client: ClientIdentity,
    timeoutMs = this.options.timeoutMs,
    requestId?: string,
  ): Promise<JobOutcome> {
    // A caller that names its request id wants that job; writes are never shared.
    const flight =
      requestId === undefined && !isWriteOperation(op) ? flightId(op, args, client.id) : undefined;
    const sq = this.serverQueue(serverId);
    const local = flight && this.flights.get(`${serverId}\n${flight}`);
    if (local) return this.outcome(sq.queue, local, this.waitFor(sq.queue, local, timeoutMs));
    await this.states.assertAccepting(serverId);
    const envelope = makeRequest(op, args, { id: requestId });
    const data = signJob({ serverId, envelope, client, replyTo: this.inbox.id }, this.options.secret);
    this.inbox.start();
    if (!sq.isReady) await guardRedis(this.options.redis, "waiting for the queue", () => sq.ready);
    const options = jobOptions(envelope.id, this.options.retention);
    // Waiting starts before the add: a fast job's reply can reach the inbox before the add's answer,
    // and a reply nobody waits for yet would be seen only by the sweep, a second or two later.
    const result = this.waitFor(sq.queue, envelope.id, timeoutMs, flight && `${serverId}\n${flight}`);
    // Awaited below once the add answered; a close() meanwhile rejects it first, and a rejection
    // with no handler yet would end the process (Node's default).
    result.catch(() => undefined);
    let added: Job;
    try {
      added = await guardRedis(this.options.redis, "adding the job", () =>
        sq.queue.add(op, data, flight ? { ...options, deduplication: { id: flight } } : options),
      );
    } catch (error) {
      this.settle(envelope.id, undefined, BridgeError.from(error));
      throw error;
    }
    const jobId = added.id ?? envelope.id;
    if (jobId !== envelope.id) {
      // Another producer's identical read is in flight: wait for that job instead.
      this.retarget(envelope.id, jobId);
      await this.join(serverId, sq.queue, jobId);
    }
    this.options.logger.debug(
      { jobId, serverId, op, client: client.id, joined: jobId !== envelope.id },
      "job queued",
    );
    return this.outcome(sq.queue, jobId, result);
  }

  private async outcome(queue: Queue, jobId: string, result: Promise<unknown>): Promise<JobOutcome> {
    const outcome = await result.catch((error: unknown) => {
      throw withJobId(BridgeError.from(error), jobId);
    });
    if (outcome !== TIMED_OUT) return { status: "completed", jobId, data: outcome };
    const state = await queue.getJobState(jobId).catch(() => "unknown");
    return { status: "pending", jobId, state };
  }

  /**
   * Follows another producer's job: its outcome comes to this process's reply list too, or at once
   * when it already finished. A job gone meanwhile (removed) leaves the wait to the sweep.
   */
  private async join(serverId: string, queue: Queue, jobId: string): Promise<void> {
    const joined = await guardRedis(this.options.redis, "joining the job in flight", () =>
      joinFlight(this.options.redis, this.options.prefix, serverId, queue.toKey(jobId), jobId, this.inbox.id),
    ).catch((error: unknown) => {
      this.settle(jobId, undefined, BridgeError.from(error));
      return undefined;
    });
    if (joined?.state !== "finished") return;
    if (joined.failedReason && joined.returnvalue === undefined)
      this.onFailed(queue, jobId, joined.failedReason);
    else this.onCompleted(jobId, joined.returnvalue);
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
    for (const jobId of [...this.pending.keys()])
      this.settle(
        jobId,
        undefined,
        new BridgeError(
          "CONNECTION_ERROR",
          "This process is shutting down before the job's outcome came; the job may still run: look it up by its id",
        ),
      );
    clearInterval(this.sweeper);
    const queues = [...this.queues.values()];
    this.queues.clear();
    const closing = Promise.allSettled([this.inbox.close(), ...queues.map((q) => q.queue.close())]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
  }

  /** One caller's wait for `jobId`, with its own deadline; `flight` lets later identical calls join it. */
  private waitFor(queue: Queue, jobId: string, timeoutMs: number, flight?: string): Promise<unknown> {
    let p = this.pending.get(jobId);
    if (!p) {
      p = { waiters: new Set(), queue, since: Date.now(), flight };
      this.pending.set(jobId, p);
      if (flight) this.flights.set(flight, jobId);
    }
    const pending = p;
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS).unref();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (data) => {
          clearTimeout(timer);
          resolve(data);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.leave(waiter);
        resolve(TIMED_OUT);
      }, timeoutMs);
      pending.waiters.add(waiter);
    });
  }

  /** A waiter whose deadline passed stops waiting (under whichever job id it waits now). */
  private leave(waiter: Waiter): void {
    for (const [jobId, p] of this.pending) {
      if (!p.waiters.delete(waiter)) continue;
      if (p.waiters.size === 0) this.forget(jobId, p);
      return;
    }
  }

  /** The waits for job `from` (never created: deduplicated) become waits for the job `to`. */
  private retarget(from: string, to: string): void {
    const p = this.pending.get(from);
    if (!p) return;
    this.pending.delete(from);
    const existing = this.pending.get(to);
    if (existing) for (const w of p.waiters) existing.waiters.add(w);
    else this.pending.set(to, p);
    if (p.flight && this.flights.get(p.flight) === from) this.flights.set(p.flight, to);
  }

  private forget(jobId: string, p: Pending): void {
    if (this.pending.get(jobId) === p) this.pending.delete(jobId);
    if (p.flight && this.flights.get(p.flight) === jobId) this.flights.delete(p.flight);
  }

  /** Ends every local wait for `jobId` with its data or its error. */
  private settle(jobId: string, data: unknown, error?: BridgeError): void {
    const p = this.pending.get(jobId);
    if (!p) return;
    this.forget(jobId, p);
    for (const w of p.waiters) error ? w.reject(error) : w.resolve(data);
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
    if (!this.pending.has(jobId)) return;
    try {
      this.settle(jobId, dataFromReturnValue(returnvalue));
    } catch (error) {
      this.settle(jobId, undefined, BridgeError.from(error));
    }
  }

  private onFailed(queue: Queue, jobId: string, failedReason: string): void {
    if (this.pending.has(jobId))
      void failedJobError(queue, jobId, failedReason).then((error) => this.settle(jobId, undefined, error));
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

function withJobId(error: BridgeError, jobId: string): BridgeError {
  return new BridgeError(error.code, error.message, {
    details: error.details,
    retryable: error.retryable,
    cause: error,
    jobId,
  });
}

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

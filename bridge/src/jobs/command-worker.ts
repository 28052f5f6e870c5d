/**
 * The BullMQ Worker of one server's queue `commands-<serverId>`, on the process's worker connection
 * (maxRetriesPerRequest: null, as BullMQ requires for workers), shared by the workers of all the
 * servers the process runs, plus a blocking connection of its own (./worker-backend.ts). Created paused (autorun: false):
 * the server runtime runs it only while it owns the lease AND RCON is connected with a known mode,
 * so jobs wait in the queue while the server is down instead of burning their attempts.
 * A new owner first takes over the jobs its predecessor left active (`takeOver`). The worker is a
 * LeanWorker: BullMQ's Worker without the wake-ups it causes itself (one fetch per job at one job
 * at a time instead of three).
 */
import {
  commandQueueName,
  type Logger,
  queuePrefix,
  type RedisConnection,
  runScript,
  type ScriptRedis,
} from "@mcp-bridge/shared";
import type { Worker } from "bullmq";
import { TAKE_OVER_ACTIVE } from "../lua/index.js";
import type { JobProcessor } from "./job-processor.js";
import { LeanWorker } from "./lean-worker.js";
import { sharedWorkerBackend } from "./worker-backend.js";

export interface CommandWorkerOptions {
  /** The worker connection of the process (maxRetriesPerRequest: null); not closed by the worker. */
  connection: RedisConnection;
  prefix: string;
  serverId: string;
  concurrency: number;
  processor: JobProcessor;
  logger: Logger;
  /** Lock of an active job; a dead owner's jobs are recovered as stalled after it. Default 10 s. */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for. Default 5 s. */
  stalledIntervalMs?: number;
}

export class CommandWorker {
  readonly worker: Worker;
  private running = false;
  private closing: Promise<void> | undefined;

  constructor(options: CommandWorkerOptions) {
    this.worker = new LeanWorker(
      commandQueueName(options.serverId),
      options.processor,
      {
        connection: options.connection,
        prefix: queuePrefix(options.prefix, options.serverId),
        concurrency: options.concurrency,
        autorun: false,
        lockDuration: options.lockDurationMs ?? 10_000,
        stalledInterval: options.stalledIntervalMs ?? 5_000,
        maxStalledCount: 1,
        // A fetch or a finish that failed (Redis away, a Cluster slot moving) is tried again after
        // this; BullMQ's default of 15 s kept a server without service that long after a resharding.
        runRetryDelay: 1000,
      },
      sharedWorkerBackend,
    );
    this.worker.on("error", (error) => options.logger.error({ err: error }, "worker error"));
  }

  /**
   * Called by a new lease owner before it runs the worker: the jobs the queue's previous owner left
   * active go back to wait with BullMQ's first stalled check, instead of after their locks expire
   * (lockDuration) and two more checks (stalledInterval): the lease, not the lock, says who owns
   * the server, and only the owner runs a worker on this queue. The previous owner may already have
   * sent them; the job processor decides whether each may run again (docs/architecture.md,
   * "Retries and idempotency"). `redis` fails fast when Redis is down (not the worker's connection,
   * which waits for ever). Returns how many jobs were active.
   */
  async takeOver(redis: ScriptRedis): Promise<number> {
    const { keys } = this.worker;
    const count = await runScript(
      redis,
      TAKE_OVER_ACTIVE,
      [keys.active!, keys.stalled!, keys["stalled-check"]!],
      [this.worker.toKey("")],
    );
    return Number(count);
  }

  /** Starts or resumes taking jobs. */
  resume(): void {
    if (this.closing) return;
    if (!this.running) {
      this.running = true;
      void this.worker.run().catch(() => undefined);
    } else if (this.worker.isPaused()) {
      this.worker.resume();
    }
  }

  /** Stops taking new jobs; active ones go on. */
  async pause(): Promise<void> {
    if (this.running && !this.closing && !this.worker.isPaused()) await this.worker.pause(true);
  }

  /**
   * Stops taking jobs and waits for active ones up to `timeoutMs`; then closes hard (active jobs
   * become stalled and are handed to whoever owns the server next).
   */
  close(timeoutMs: number): Promise<void> {
    this.closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const graceful = this.worker.close().then(() => true);
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const done = await Promise.race([graceful, timeout]);
      clearTimeout(timer);
      if (!done) await this.worker.close(true);
    })();
    return this.closing;
  }
}

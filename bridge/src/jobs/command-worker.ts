/**
 * The BullMQ Worker of one server's queue `commands-<serverId>`, with its own ioredis connection
 * (maxRetriesPerRequest: null, as BullMQ requires for workers). Created paused (autorun: false):
 * the server runtime runs it only while it owns the lease AND RCON is connected with a known mode,
 * so jobs wait in the queue while the server is down instead of burning their attempts.
 */
import { commandQueueName, type Logger } from "@mcp-bridge/shared";
import { Worker } from "bullmq";
import { Redis } from "ioredis";
import type { JobProcessor } from "./job-processor.js";

export interface CommandWorkerOptions {
  redisUrl: string;
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
  private readonly connection: Redis;
  readonly worker: Worker;
  private running = false;
  private closing: Promise<void> | undefined;

  constructor(options: CommandWorkerOptions) {
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on("error", (error) =>
      options.logger.warn({ err: error }, "worker Redis connection error"),
    );
    this.worker = new Worker(commandQueueName(options.serverId), options.processor, {
      connection: this.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      autorun: false,
      lockDuration: options.lockDurationMs ?? 10_000,
      stalledInterval: options.stalledIntervalMs ?? 5_000,
      maxStalledCount: 1,
    });
    this.worker.on("error", (error) => options.logger.error({ err: error }, "worker error"));
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
      await this.connection.quit().catch(() => this.connection.disconnect());
    })();
    return this.closing;
  }
}

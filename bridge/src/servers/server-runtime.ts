/**
 * One Minecraft server on a bridge process: the BullMQ worker of its queue and the connection to
 * the server (RCON, capability, mode: a ServerConnection), both opened only while this process holds
 * the server's lease. The lease is the fleet's (servers/fleet.ts): it calls acquire() when the lease
 * is taken and release() when it is lost or given up. Losing it closes the connection at once; a
 * graceful stop or a handover to another bridge finishes active jobs first.
 */

import type { RedisConnection } from "@mcp-bridge/shared";
import {
  BridgeError,
  type Logger,
  type Operation,
  type PolicyStore,
  type RequestMessage,
} from "@mcp-bridge/shared";
import type { ServerConfig } from "../config.js";
import { boundError, boundValue, DEFAULT_RESULT_MAX_BYTES } from "../jobs/answer-bound.js";
import { CommandWorker } from "../jobs/command-worker.js";
import { createJobProcessor, type ExecutionResult, type RequestExecutor } from "../jobs/job-processor.js";
import { JobReplies } from "../jobs/job-replies.js";
import type { Mode } from "../jobs/mod-command.js";
import { RequestClaims } from "../jobs/request-claims.js";
import type { ServerSources } from "../sources/server-sources.js";
import type { RconChannel, VanillaRunner } from "./rcon-channel.js";
import { type ConnectionMetrics, ServerConnection } from "./server-connection.js";
import { StatePublisher } from "./state-publisher.js";

interface RuntimeMetrics extends ConnectionMetrics {
  observeJob?(serverId: string, op: string, outcome: string, latencyMs: number): void;
}

export interface ServerRuntimeOptions {
  server: ServerConfig;
  /** The process's worker connection (maxRetriesPerRequest: null), shared by every server's worker. */
  workerRedis: RedisConnection;
  prefix: string;
  jobSecret: string;
  /** Oldest signed job still run (JOB_EXPIRED beyond); request ids are remembered at least this long. */
  jobMaxAgeMs: number;
  batchMax: number;
  concurrency: number;
  /** The process's shared Redis connection (request claims, replies, takeover script). */
  leaseRedis: RedisConnection;
  /** Whether this process holds the server's lease now (the fleet's answer). */
  leaseHeld: () => boolean;
  policies: Pick<PolicyStore, "current">;
  createRcon: (server: ServerConfig) => RconChannel;
  runVanilla: VanillaRunner;
  /** The server version via the status ping (vanilla get_server_info). */
  probeVersion: () => Promise<string>;
  logger: Logger;
  metrics?: RuntimeMetrics;
  /** Longest wait for active jobs on a graceful stop. Default 10 s. */
  shutdownTimeoutMs?: number;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Largest answer (JSON bytes) a job keeps in Redis; longer ones are cut and marked. Default 256 KiB. */
  resultMaxBytes?: number;
  /** Log tail and management sources; run while the lease is held. */
  sources?: ServerSources;
}

export interface ServerStatus {
  serverId: string;
  leaseHeld: boolean;
  rconConnected: boolean;
  mode: Mode | undefined;
  modVersion: string | undefined;
  /** Why RCON is not usable: `final` when the bridge gave up until a restart (a refused password). */
  rconFailure?: { code: string; message: string; final: boolean };
}

export class ServerRuntime implements RequestExecutor {
  private connection: ServerConnection | undefined;
  private worker: CommandWorker | undefined;
  private state: StatePublisher | undefined;
  /** The next release finishes active jobs before closing the connection (stop, handover). */
  private graceful = false;
  private readonly log: Logger;

  constructor(private readonly options: ServerRuntimeOptions) {
    this.log = options.logger.child({ serverId: options.server.id });
  }

  get serverId(): string {
    return this.options.server.id;
  }

  get mode(): Mode | undefined {
    return this.connection?.mode;
  }

  /** How many `mcpbridge` calls carried N requests, by N, on the current connection. */
  get batchSizes(): ReadonlyMap<number, number> {
    return this.connection?.batchSizes ?? new Map();
  }

  /** The mode of the last capability check (kept while RCON reconnects); undefined before the first. */
  get detectedMode(): Mode | undefined {
    return this.connection?.detectedMode;
  }

  /**
   * The lease will be given up on purpose (shutdown, or handed to another bridge): stop taking
   * jobs, let active ones finish (bounded) on the open connection, then close it.
   */
  prepareRelease(): void {
    this.graceful = true;
  }

  status(): ServerStatus {
    const failure = this.connection?.failure;
    return {
      serverId: this.serverId,
      leaseHeld: this.options.leaseHeld(),
      rconConnected: this.connection?.connected ?? false,
      mode: this.connection?.mode,
      modVersion: this.connection?.modVersion,
      ...(failure && {
        rconFailure: { code: failure.error.code, message: failure.error.message, final: failure.final },
      }),
    };
  }

  /** Runs the request; what comes back (data or error) is bounded to resultMaxBytes before BullMQ stores it. */
  async execute(request: RequestMessage, op: Operation): Promise<ExecutionResult> {
    const maxBytes = this.options.resultMaxBytes ?? DEFAULT_RESULT_MAX_BYTES;
    let result: ExecutionResult;
    try {
      result = this.withSources(op, await this.run(request, op));
    } catch (error) {
      throw boundError(error, maxBytes);
    }
    const { value, cut } = boundValue(result.data, maxBytes);
    if (cut)
      this.log.warn({ requestId: request.id, op, maxBytes }, "answer cut to RESULT_MAX_BYTES before storing");
    return cut ? { ...result, data: value } : result;
  }

  /** get_server_info also says which event sources are active (the bridge's knowledge, not the server's). */
  private withSources(op: Operation, result: ExecutionResult): ExecutionResult {
    const sources = this.options.sources;
    if (op !== "get_server_info" || !sources || typeof result.data !== "object" || result.data === null)
      return result;
    return { ...result, data: { ...(result.data as object), eventSources: sources.describe() } };
  }

  private run(request: RequestMessage, op: Operation): Promise<ExecutionResult> {
    if (!this.connection) {
      return Promise.reject(
        new BridgeError(
          "CONNECTION_ERROR",
          `Server '${this.serverId}' is not connected; the job will be retried`,
          {
            details: { sent: false },
          },
        ),
      );
    }
    return this.connection.execute(request, op);
  }

  /** Runs with the lease held; must return quickly (renewals wait for it). */
  async acquire(): Promise<void> {
    this.graceful = false;
    const { server, metrics } = this.options;
    this.options.sources?.start();
    const connection = new ServerConnection({
      server,
      batchMax: this.options.batchMax,
      createRcon: this.options.createRcon,
      runVanilla: this.options.runVanilla,
      probeVersion: this.options.probeVersion,
      logger: this.log,
      metrics,
      onUsable: () => {
        if (this.connection !== connection) return;
        this.options.sources?.refresh();
        this.state?.publish();
        this.worker?.resume();
      },
      onLost: () => {
        if (this.connection !== connection) return;
        this.state?.publish();
        void this.worker?.pause().catch(() => undefined);
      },
    });
    this.connection = connection;
    this.state = new StatePublisher({
      redis: this.options.leaseRedis,
      prefix: this.options.prefix,
      serverId: server.id,
      logger: this.log,
      state: () => {
        const failure = connection.failure;
        return {
          rconConnected: connection.connected,
          ...(connection.mode && { mode: connection.mode }),
          ...(failure?.final && { refusing: failure.error.toPayload() }),
        };
      },
    });
    this.state.start();
    const replies = new JobReplies(
      this.options.leaseRedis,
      this.options.prefix,
      server.id,
      this.log,
      this.options.workerRedis,
    );
    this.worker = new CommandWorker({
      connection: this.options.workerRedis,
      prefix: this.options.prefix,
      serverId: server.id,
      concurrency: this.options.concurrency,
      logger: this.log,
      lockDurationMs: this.options.lockDurationMs,
      stalledIntervalMs: this.options.stalledIntervalMs,
      processor: createJobProcessor({
        serverId: server.id,
        jobSecret: this.options.jobSecret,
        policies: this.options.policies,
        executor: this,
        requests: new RequestClaims({
          redis: this.options.leaseRedis,
          prefix: this.options.prefix,
          maxAgeMs: this.options.jobMaxAgeMs,
        }),
        logger: this.log,
        replies,
        onFinished: (outcome, op, ms) => metrics?.observeJob?.(server.id, op, outcome, ms),
      }),
    });
    replies.attach(this.worker.worker);
    await this.takeOverActiveJobs(this.worker);
    connection.open();
  }

  /** Jobs a dead or displaced owner left active run again as soon as the worker starts. */
  private async takeOverActiveJobs(worker: CommandWorker): Promise<void> {
    try {
      const count = await worker.takeOver(this.options.leaseRedis);
      if (count > 0) this.log.warn({ count }, "taking over jobs the previous owner left active");
    } catch (error) {
      this.log.warn(
        { err: error },
        "could not take over the previous owner's active jobs; BullMQ's stalled check recovers them later",
      );
    }
  }

  async release(reason: string): Promise<void> {
    const { connection, worker } = this;
    if (!this.graceful) {
      // Another process may own the server now: stop talking to it before anything else.
      this.connection = undefined;
      await connection?.close(`this bridge no longer owns it: ${reason}`);
    }
    await this.state?.stop();
    this.state = undefined;
    await worker?.close(this.options.shutdownTimeoutMs ?? 10_000);
    await this.options.sources?.stop();
    this.worker = undefined;
    this.connection = undefined;
    await connection?.close(`released: ${reason}`);
    this.graceful = false;
  }
}

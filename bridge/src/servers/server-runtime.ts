/**
 * Everything one Minecraft server needs on the owning bridge process: the lease, the ONE RCON
 * connection, the capability (mod or vanilla mode, re-checked after every reconnect) and the
 * BullMQ worker of its queue. Nothing touches the server unless this process holds the lease.
 * Losing the lease closes RCON at once; a graceful stop finishes active jobs first.
 */
import {
  BridgeError,
  type Logger,
  type Operation,
  type PolicyStore,
  type RequestMessage,
  redisKeys,
} from "@mcp-bridge/shared";
import type { Redis } from "ioredis";
import type { ServerConfig } from "../config.js";
import { boundError, boundValue, DEFAULT_RESULT_MAX_BYTES } from "../jobs/answer-bound.js";
import { CommandWorker } from "../jobs/command-worker.js";
import { createJobProcessor, type ExecutionResult, type RequestExecutor } from "../jobs/job-processor.js";
import { ModBatcher } from "../jobs/mod-batcher.js";
import { RequestClaims } from "../jobs/request-claims.js";
import type { Mode } from "../jobs/retry-policy.js";
import type { ServerSources } from "../sources/server-sources.js";
import { createVanillaContext } from "../vanilla/index.js";
import { type Capability, detectCapability } from "./capability.js";
import { Lease } from "./lease.js";
import type { RconChannel, VanillaContext, VanillaRunner } from "./rcon-channel.js";

export interface RuntimeMetrics {
  observeJob?(serverId: string, op: string, outcome: string, latencyMs: number): void;
  observeRcon?(serverId: string, ms: number): void;
  rconReconnect?(serverId: string): void;
  /** Requests per `mcpbridge` call (mod mode). */
  observeBatch?(serverId: string, size: number): void;
}

export interface ServerRuntimeOptions {
  server: ServerConfig;
  redisUrl: string;
  prefix: string;
  jobSecret: string;
  leaseTtlMs: number;
  /** Oldest signed job still run (JOB_EXPIRED beyond); request ids are remembered at least this long. */
  jobMaxAgeMs: number;
  batchMax: number;
  concurrency: number;
  /** Redis connection for the lease (shared by the runtimes of one process). */
  leaseRedis: Redis;
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
  ownerName?: string;
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
}

export class ServerRuntime implements RequestExecutor {
  readonly lease: Lease;
  /** How many `mcpbridge` calls carried N requests, by N (for benchmarks and debugging). */
  readonly batchSizes = new Map<number, number>();
  private rcon: RconChannel | undefined;
  private worker: CommandWorker | undefined;
  private batcher: ModBatcher | undefined;
  private capability: Capability | undefined;
  /** Vanilla mode's per-connection facts (the server's version and brand, detected once). */
  private vanillaContext: VanillaContext | undefined;
  private currentMode: Mode | undefined;
  private checks: Promise<void> = Promise.resolve();
  private stopping = false;
  private readonly log: Logger;

  constructor(private readonly options: ServerRuntimeOptions) {
    this.log = options.logger.child({ serverId: options.server.id });
    this.lease = new Lease({
      redis: options.leaseRedis,
      key: redisKeys(options.prefix).lease(options.server.id),
      ttlMs: options.leaseTtlMs,
      logger: this.log,
      ownerName: options.ownerName,
      onAcquired: async () => this.acquire(),
      onLost: async (reason) => this.release(reason),
    });
  }

  get serverId(): string {
    return this.options.server.id;
  }

  get mode(): Mode | undefined {
    return this.currentMode;
  }

  /** The mode of the last capability check (kept while RCON reconnects); undefined before the first. */
  get detectedMode(): Mode | undefined {
    return this.capability?.mode;
  }

  start(): void {
    this.stopping = false;
    this.lease.start();
  }

  /** Graceful: stop taking jobs, finish active ones (bounded), close RCON, release the lease. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.lease.stop();
  }

  status(): ServerStatus {
    return {
      serverId: this.serverId,
      leaseHeld: this.lease.held,
      rconConnected: this.rcon?.connected ?? false,
      mode: this.currentMode,
      modVersion: this.capability?.mode === "mod" ? this.capability.hello.modVersion : undefined,
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

  private async run(request: RequestMessage, op: Operation): Promise<ExecutionResult> {
    const rcon = this.rcon;
    if (this.currentMode === "mod" && this.batcher) return this.batcher.submit(request);
    if (this.currentMode === "vanilla" && rcon) {
      const data = await this.options.runVanilla(
        op,
        request.payload.args,
        { command: (text: string) => this.timed(rcon, text) },
        this.vanillaContext ?? { serverVersion: this.options.probeVersion },
      );
      return { data, replay: false };
    }
    throw new BridgeError(
      "CONNECTION_ERROR",
      `Server '${this.serverId}' is not connected; the job will be retried`,
      {
        details: { sent: false },
      },
    );
  }

  private async timed(rcon: RconChannel, text: string, options?: { timeoutMs?: number }): Promise<string> {
    const started = performance.now();
    try {
      return await rcon.command(text, options);
    } finally {
      this.options.metrics?.observeRcon?.(this.serverId, performance.now() - started);
    }
  }

  /** Runs with the lease held; must return quickly (renewals wait for it). */
  private async acquire(): Promise<void> {
    const { server, metrics } = this.options;
    this.options.sources?.start();
    const rcon = this.options.createRcon(server);
    this.rcon = rcon;
    this.worker = new CommandWorker({
      redisUrl: this.options.redisUrl,
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
        onFinished: (outcome, op, ms) => metrics?.observeJob?.(server.id, op, outcome, ms),
      }),
    });
    rcon.on("connected", () => this.onConnected(rcon));
    rcon.on("disconnected", () => this.onDisconnected(rcon));
    rcon.on("reconnecting", () => metrics?.rconReconnect?.(server.id));
    rcon.start().catch((error: unknown) => {
      this.log.error({ err: error }, "RCON gave up connecting; jobs stay queued until the bridge restarts");
    });
  }

  private onConnected(rcon: RconChannel): void {
    this.checks = this.checks.then(async () => {
      if (rcon !== this.rcon || !rcon.connected) return;
      let capability: Capability;
      try {
        capability = await detectCapability((text) => this.timed(rcon, text), this.serverId);
      } catch (error) {
        this.log.warn({ err: error }, "capability check failed; will check again after the next reconnect");
        return;
      }
      if (rcon !== this.rcon) return;
      this.capability = capability;
      if (capability.mode === "mod") {
        this.batcher = new ModBatcher({
          send: (text) => this.timed(rcon, text),
          batchMax: this.options.batchMax,
          onBatch: (size) => {
            this.batchSizes.set(size, (this.batchSizes.get(size) ?? 0) + 1);
            this.options.metrics?.observeBatch?.(this.serverId, size);
          },
        });
        this.log.info(
          {
            mode: "mod",
            modVersion: capability.hello.modVersion,
            protocolVersion: capability.protocolVersion,
          },
          "server connected in mod mode",
        );
      } else {
        this.batcher = undefined;
        this.vanillaContext = createVanillaContext(this.options.probeVersion, {
          command: (text) => this.timed(rcon, text),
        });
        this.log.info({ mode: "vanilla", reason: capability.reason }, "server connected in vanilla mode");
      }
      this.currentMode = capability.mode;
      this.options.sources?.refresh();
      this.worker?.resume();
    });
  }

  private onDisconnected(rcon: RconChannel): void {
    if (rcon !== this.rcon) return;
    this.currentMode = undefined;
    this.log.warn("RCON disconnected: not taking jobs until it is back");
    void this.worker?.pause().catch(() => undefined);
  }

  private async release(reason: string): Promise<void> {
    const { rcon, worker, batcher } = this;
    const graceful = this.stopping;
    if (!graceful) {
      // Another process may own the server now: stop talking to it before anything else.
      this.rcon = undefined;
      this.currentMode = undefined;
      await rcon?.close();
    }
    if (!graceful) {
      batcher?.failWaiting(
        new BridgeError(
          "CONNECTION_ERROR",
          `This bridge no longer owns server '${this.serverId}' (${reason})`,
          {
            details: { sent: false },
          },
        ),
      );
    }
    await worker?.close(this.options.shutdownTimeoutMs ?? 10_000);
    await this.options.sources?.stop();
    this.worker = undefined;
    this.rcon = undefined;
    this.currentMode = undefined;
    this.batcher = undefined;
    await rcon?.close();
  }
}

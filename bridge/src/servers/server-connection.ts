/**
 * The connection to one Minecraft server: the ONE RCON connection, the capability check after every
 * (re)connect, and the mode it decides (mod: batched `/mcpbridge` requests; vanilla: vanilla commands
 * parsed per version). In: requests to execute. Out: their results, or CONNECTION_ERROR (not sent)
 * while there is no usable connection. Tells its owner when it becomes usable and when it is lost.
 */
import { BridgeError, type Logger, type Operation, type RequestMessage } from "@mcp-bridge/shared";
import type { ServerConfig } from "../config.js";
import type { ExecutionResult, RequestExecutor } from "../jobs/job-processor.js";
import { ModBatcher } from "../jobs/mod-batcher.js";
import type { Mode } from "../jobs/mod-command.js";
import { createVanillaContext } from "../vanilla/index.js";
import { type Capability, detectCapability } from "./capability.js";
import type { RconChannel, VanillaContext, VanillaRunner } from "./rcon-channel.js";

export interface ConnectionMetrics {
  observeRcon?(serverId: string, ms: number): void;
  rconReconnect?(serverId: string): void;
  /** Requests per `mcpbridge` call (mod mode). */
  observeBatch?(serverId: string, size: number): void;
}

export interface ServerConnectionOptions {
  server: ServerConfig;
  batchMax: number;
  createRcon: (server: ServerConfig) => RconChannel;
  runVanilla: VanillaRunner;
  /** The server version via the status ping (vanilla get_server_info). */
  probeVersion: () => Promise<string>;
  logger: Logger;
  metrics?: ConnectionMetrics;
  /** Called when a mode is decided (the worker may take jobs) and when the connection is lost. */
  onUsable: () => void;
  onLost: () => void;
}

export class ServerConnection implements RequestExecutor {
  /** How many `mcpbridge` calls carried N requests, by N (for benchmarks and debugging). */
  readonly batchSizes = new Map<number, number>();
  private readonly rcon: RconChannel;
  private capability: Capability | undefined;
  private batcher: ModBatcher | undefined;
  /** Vanilla mode's per-connection facts (the server's version and brand, detected once). */
  private vanillaContext: VanillaContext | undefined;
  private currentMode: Mode | undefined;
  private checks: Promise<void> = Promise.resolve();
  private closed = false;
  /** Why the last connect attempt failed (cleared on login). */
  private lastFailure: BridgeError | undefined;
  /** Set when RCON gave up (a refused password): no job of this server runs until a restart. */
  private gaveUp: BridgeError | undefined;

  constructor(private readonly options: ServerConnectionOptions) {
    this.rcon = options.createRcon(options.server);
  }

  get serverId(): string {
    return this.options.server.id;
  }

  get mode(): Mode | undefined {
    return this.currentMode;
  }

  get connected(): boolean {
    return this.rcon.connected;
  }

  /** The mode of the last capability check (kept while RCON reconnects); undefined before the first. */
  get detectedMode(): Mode | undefined {
    return this.capability?.mode;
  }

  /** Why the server cannot be used now: the refusal that stopped RCON, else the last connect failure. */
  get failure(): { error: BridgeError; final: boolean } | undefined {
    if (this.gaveUp) return { error: this.gaveUp, final: true };
    return this.lastFailure && !this.connected ? { error: this.lastFailure, final: false } : undefined;
  }

  get modVersion(): string | undefined {
    return this.capability?.mode === "mod" ? this.capability.hello.modVersion : undefined;
  }

  open(): void {
    const { rcon } = this;
    rcon.on("connected", () => this.onConnected());
    rcon.on("disconnected", () => this.onDisconnected());
    rcon.on("reconnecting", ({ error }) => {
      this.lastFailure = BridgeError.from(error, "CONNECTION_ERROR");
      this.options.metrics?.rconReconnect?.(this.serverId);
    });
    rcon.start().catch((error: unknown) => {
      if (this.closed) return;
      this.gaveUp = BridgeError.from(error, "CONNECTION_ERROR");
      this.options.logger.error(
        { err: error },
        "RCON gave up connecting; jobs stay queued until the bridge restarts",
      );
      this.options.onLost();
    });
  }

  /** Stops talking to the server at once; requests waiting for a batch fail as not sent. */
  async close(reason: string): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.currentMode = undefined;
    this.batcher?.failWaiting(
      new BridgeError("CONNECTION_ERROR", `No connection to server '${this.serverId}' (${reason})`, {
        details: { sent: false },
      }),
    );
    this.batcher = undefined;
    await this.rcon.close();
  }

  async execute(request: RequestMessage, op: Operation): Promise<ExecutionResult> {
    if (this.currentMode === "mod" && this.batcher) return this.batcher.submit(request);
    if (this.currentMode === "vanilla") {
      const data = await this.options.runVanilla(
        op,
        request.payload.args,
        { command: (text: string) => this.timed(text) },
        this.vanillaContext ?? { serverVersion: this.options.probeVersion },
      );
      return { data, replay: false };
    }
    throw new BridgeError(
      "CONNECTION_ERROR",
      `Server '${this.serverId}' is not connected; the job will be retried`,
      { details: { sent: false } },
    );
  }

  private async timed(text: string, options?: { timeoutMs?: number }): Promise<string> {
    const started = performance.now();
    try {
      return await this.rcon.command(text, options);
    } finally {
      this.options.metrics?.observeRcon?.(this.serverId, performance.now() - started);
    }
  }

  private onConnected(): void {
    this.lastFailure = undefined;
    this.checks = this.checks.then(async () => {
      if (this.closed || !this.rcon.connected) return;
      let capability: Capability;
      try {
        capability = await detectCapability((text) => this.timed(text), this.serverId);
      } catch (error) {
        this.options.logger.warn(
          { err: error },
          "capability check failed; will check again after the next reconnect",
        );
        return;
      }
      if (this.closed) return;
      this.capability = capability;
      this.useCapability(capability);
      this.currentMode = capability.mode;
      this.options.onUsable();
    });
  }

  private useCapability(capability: Capability): void {
    const log = this.options.logger;
    if (capability.mode === "mod") {
      this.batcher = new ModBatcher({
        send: (text) => this.timed(text),
        batchMax: this.options.batchMax,
        onBatch: (size) => {
          this.batchSizes.set(size, (this.batchSizes.get(size) ?? 0) + 1);
          this.options.metrics?.observeBatch?.(this.serverId, size);
        },
      });
      log.info(
        { mode: "mod", modVersion: capability.hello.modVersion, protocolVersion: capability.protocolVersion },
        "server connected in mod mode",
      );
      return;
    }
    this.batcher = undefined;
    this.vanillaContext = createVanillaContext(this.options.probeVersion, {
      command: (text) => this.timed(text),
    });
    log.info({ mode: "vanilla", reason: capability.reason }, "server connected in vanilla mode");
  }

  private onDisconnected(): void {
    if (this.closed) return;
    this.currentMode = undefined;
    this.options.logger.warn("RCON disconnected: not taking jobs until it is back");
    this.options.onLost();
  }
}

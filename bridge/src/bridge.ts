/**
 * The composition root: builds every part of a bridge process from its config and starts/stops
 * them in order. One runtime (worker + RCON connection, open while this process holds the server's
 * lease) per configured server, the fleet that shares the servers' leases among the bridges
 * (servers/fleet.ts), one event ingest,
 * one ops HTTP server (health, readiness, metrics, Bull Board). Tests and scripts start it
 * in-process with createBridge(config, deps).
 */
import {
  commandQueueName,
  connectRedis,
  createLogger,
  type Logger,
  PolicyStore,
  queuePrefix,
} from "@mcp-bridge/shared";
import { guardRedis, redisAddress, redisReason } from "@mcp-bridge/shared/queue";
import { RconClient } from "@mcp-bridge/shared/rcon";
import { Queue } from "bullmq";
import type { BridgeConfig, ServerConfig } from "./config.js";
import { createEventIngest, type EventIngest } from "./events/index.js";
import type { Mode } from "./jobs/mod-command.js";
import {
  type BridgeMetrics,
  createMetrics,
  createOpsServer,
  type OpsServer,
  type Readiness,
} from "./ops/index.js";
import { Fleet } from "./servers/fleet.js";
import type { RconChannel, VanillaRunner } from "./servers/rcon-channel.js";
import { ServerRuntime, type ServerStatus } from "./servers/server-runtime.js";
import { createServerSources } from "./sources/create-sources.js";
import type { ServerSources } from "./sources/server-sources.js";
import { runVanilla, statusPing } from "./vanilla/index.js";

export interface BridgeDeps {
  logger?: Logger;
  /** Vanilla mode: runs an operation with vanilla commands. Default: bridge/src/vanilla. */
  runVanilla?: VanillaRunner;
  /** The server's version via the status ping (vanilla get_server_info). Default: statusPing. */
  probeVersion?: (server: ServerConfig) => Promise<string>;
  createRcon?: (server: ServerConfig, logger: Logger) => RconChannel;
  /** Set false to run without the HTTP server (workers only). Default true. */
  http?: boolean;
  /** Names this process in lease values. */
  ownerName?: string;
  /** Shorter locks/intervals for tests. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  shutdownTimeoutMs?: number;
  /**
   * More readiness checks, merged into /readyz: what a process hosting the bridge next to other
   * parts says about them (the one-process entry adds its MCP server).
   */
  moreReadiness?: () => Promise<Readiness["checks"]>;
}

export interface Bridge {
  readonly config: BridgeConfig;
  readonly runtimes: readonly ServerRuntime[];
  readonly metrics: BridgeMetrics;
  /** http://host:port of the ops server, once started (undefined with http: false). */
  readonly url: string | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<{ redis: string; servers: ServerStatus[] }>;
}

function defaultRcon(config: BridgeConfig) {
  return (server: ServerConfig, logger: Logger): RconChannel =>
    new RconClient({
      host: server.rconHost,
      port: server.rconPort,
      password: server.rconPassword,
      timeoutMs: config.rcon.timeoutMs,
      reconnect: {
        attempts: config.rcon.reconnectAttempts,
        baseMs: config.rcon.reconnectBaseMs,
        maxMs: config.rcon.reconnectMaxMs,
      },
      logger,
    });
}

export function createBridge(config: BridgeConfig, deps: BridgeDeps = {}): Bridge {
  const logger = deps.logger ?? createLogger({ name: "bridge", level: config.logLevel });
  const redis = connectRedis(config.redisUrl, { maxRetriesPerRequest: 3 });
  redis.on("error", (error) =>
    logger.warn({ redis: redisAddress(redis), reason: redisReason(error) }, "Redis connection error"),
  );
  // BullMQ workers wait for Redis instead of failing their commands; shared by every server's worker.
  const workerRedis = connectRedis(config.redisUrl, { maxRetriesPerRequest: null });
  workerRedis.on("error", (error) =>
    logger.warn(
      { redis: redisAddress(workerRedis), reason: redisReason(error) },
      "worker Redis connection error",
    ),
  );
  const metrics = createMetrics();
  const policies = new PolicyStore(config.policyFile, {
    onReload: () => logger.info({ policyFile: config.policyFile }, "policy reloaded"),
    onError: (error) => logger.error({ err: error }, "policy file is invalid; keeping the previous policy"),
  });
  const createRcon = deps.createRcon ?? defaultRcon(config);
  const fleet = new Fleet({
    redis,
    prefix: config.redisPrefix,
    ttlMs: config.leaseTtlMs,
    ownerName: deps.ownerName ?? "bridge",
    logger,
    metrics,
  });
  let ingest: EventIngest | undefined;
  const sources = new Map<string, ServerSources>(
    config.servers.map((server) => [
      server.id,
      createServerSources(server, {
        redis,
        prefix: config.redisPrefix,
        streamMaxLen: config.events.streamMaxLen,
        logTailPollMs: config.events.logTailPollMs,
        logger,
        metrics,
        modConnected: (serverId) => ingest?.status(serverId).connected ?? false,
        detectedMode: (serverId): Mode | undefined =>
          runtimes.find((r: ServerRuntime) => r.serverId === serverId)?.detectedMode,
        reconnect: { baseMs: config.rcon.reconnectBaseMs, maxMs: config.rcon.reconnectMaxMs },
      }),
    ]),
  );
  const runtimes: ServerRuntime[] = config.servers.map(
    (server) =>
      new ServerRuntime({
        sources: sources.get(server.id),
        server,
        workerRedis,
        prefix: config.redisPrefix,
        jobSecret: config.jobSecret,
        jobMaxAgeMs: config.jobMaxAgeMs,
        batchMax: config.batchMax,
        resultMaxBytes: config.resultMaxBytes,
        concurrency: config.workerConcurrency,
        leaseRedis: redis,
        leaseHeld: () => fleet.owns(server.id),
        policies,
        createRcon: (s) => createRcon(s, logger.child({ serverId: s.id })),
        runVanilla: deps.runVanilla ?? runVanilla,
        probeVersion: () =>
          deps.probeVersion?.(server) ??
          statusPing(server.rconHost, server.statusPort).then((s) => s.version),
        logger,
        lockDurationMs: deps.lockDurationMs,
        stalledIntervalMs: deps.stalledIntervalMs,
        shutdownTimeoutMs: deps.shutdownTimeoutMs,
        metrics: {
          observeJob: (serverId, op, outcome, ms) => {
            metrics.jobLatency.observe({ serverId, op, outcome }, ms / 1000);
            metrics.jobOutcomes.inc({ serverId, op, outcome });
          },
          observeRcon: (serverId, ms) => metrics.rconLatency.observe({ serverId }, ms / 1000),
          rconReconnect: (serverId) => metrics.rconReconnects.inc({ serverId }),
        },
      }),
  );
  const queues = config.servers.map(
    (s) =>
      new Queue(commandQueueName(s.id), { connection: redis, prefix: queuePrefix(config.redisPrefix, s.id) }),
  );
  let ops: OpsServer | undefined;

  async function status() {
    const redisState = await guardRedis(redis, "checking readiness", () => redis.ping(), 1000).then(
      () => "ok",
      (error: Error) => error.message,
    );
    return { redis: redisState, servers: runtimes.map((r) => r.status()) };
  }

  async function readiness(): Promise<Readiness> {
    const s = await status();
    const checks: Readiness["checks"] = { redis: { ok: s.redis === "ok", detail: s.redis } };
    for (const server of s.servers) {
      // A standby (lease held elsewhere) is ready: it serves nothing until it takes over.
      const rconOk = !server.leaseHeld || (server.rconConnected && server.mode !== undefined);
      const failure = server.leaseHeld ? server.rconFailure : undefined;
      checks[`rcon:${server.serverId}`] = {
        ok: rconOk,
        detail: server.leaseHeld
          ? `${server.rconConnected ? "connected" : "disconnected"}, mode ${server.mode ?? "unknown"}${failure ? `; ${failure.code}: ${failure.message}` : ""}`
          : "standby",
        // A failure the bridge will not retry (a refused password): waiting cannot make it ready.
        ...(failure?.final && { code: failure.code }),
      };
      if (server.leaseHeld) {
        const described = sources.get(server.serverId)?.describe() ?? [];
        checks[`events:${server.serverId}`] = {
          ok: true,
          eventSources: described,
          detail: described
            .map(
              (d) =>
                `${d.source} ${d.active ? `active (${d.types.join(", ") || "no types"})` : "inactive"}: ${d.detail}`,
            )
            .join("; "),
        };
      }
      const events = ingest?.status(server.serverId);
      if (server.mode === "mod") {
        checks[`mod:${server.serverId}`] = {
          ok: events?.connected ?? false,
          detail: events?.connected ? "events connected" : "mod events not connected",
        };
      }
    }
    Object.assign(checks, await deps.moreReadiness?.());
    return { ready: Object.values(checks).every((c) => c.ok), checks };
  }

  return {
    config,
    runtimes,
    metrics,
    get url() {
      return ops?.url;
    },
    async start() {
      policies.watch();
      if (deps.http !== false) {
        ingest = createEventIngest({
          redis,
          prefix: config.redisPrefix,
          servers: config.servers,
          streamMaxLen: config.events.streamMaxLen,
          maxFrameBytes: config.events.maxFrameBytes,
          heartbeatMs: config.events.heartbeatMs,
          logger,
          metrics,
        });
        ops = await createOpsServer({
          host: config.http.host,
          port: config.http.port,
          metrics,
          readiness,
          queues,
          board:
            config.board.user && config.board.password
              ? { user: config.board.user, password: config.board.password, readOnly: config.board.readOnly }
              : undefined,
          eventIngest: ingest,
          logger,
        });
      }
      await fleet.start(runtimes);
    },
    async stop() {
      await fleet.stop();
      await ingest?.close();
      await ops?.close();
      policies.close();
      await Promise.all(queues.map((q) => q.close()));
      await redis.quit().catch(() => redis.disconnect());
      await workerRedis.quit().catch(() => workerRedis.disconnect());
    },
    status,
  };
}

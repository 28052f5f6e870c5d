/** Builds the log-tail and management sources of one server from its config. */
import type { Logger, RedisConnection } from "@mcp-bridge/shared";
import type { ServerConfig } from "../config.js";
import { LogTailSource } from "../logtail/log-tail-source.js";
import { LogPositionStore } from "../logtail/position-store.js";
import { ManagementSource } from "../management/management-source.js";
import { ManagementStore } from "../management/management-store.js";
import type { BridgeMetrics } from "../ops/metrics.js";
import { ServerSources, type SourceHandle } from "./server-sources.js";

export interface SourceDeps {
  redis: RedisConnection;
  prefix: string;
  streamMaxLen: number;
  logTailPollMs: number;
  logger: Logger;
  metrics: Pick<BridgeMetrics, "logLines" | "eventsOut">;
  modConnected: (serverId: string) => boolean;
  detectedMode: (serverId: string) => "mod" | "vanilla" | undefined;
  /** Reconnect backoff of the management connection (the RCON settings). */
  reconnect?: { baseMs?: number; maxMs?: number };
}

function logSource(
  server: ServerConfig,
  deps: SourceDeps,
  sources: () => ServerSources,
): SourceHandle | undefined {
  const path = server.logFile;
  if (!path) return undefined;
  const serverId = server.id;
  const tail = new LogTailSource({
    serverId,
    path,
    store: new LogPositionStore(deps.redis, deps.prefix, serverId, deps.streamMaxLen),
    logger: deps.logger,
    pollMs: deps.logTailPollMs,
    fromStart: server.logFromStart,
    ready: () => sources().logReady(),
    storeEvents: () => sources().logStores(),
    onLines: (outcome, n) => deps.metrics.logLines.inc({ serverId, outcome }, n),
    onStored: (n) => deps.metrics.eventsOut.inc({ serverId }, n),
  });
  return {
    start: () => tail.start(),
    stop: () => tail.stop(),
    detail: () => ({ active: tail.active, detail: tail.state }),
  };
}

function managementSource(
  server: ServerConfig,
  deps: SourceDeps,
  sources: () => ServerSources,
): SourceHandle | undefined {
  if (!server.managementUrl || !server.managementSecret) return undefined;
  const serverId = server.id;
  const source = new ManagementSource({
    serverId,
    url: server.managementUrl,
    secret: server.managementSecret,
    certFile: server.managementCertFile,
    store: new ManagementStore(deps.redis, deps.prefix, serverId, deps.streamMaxLen),
    logger: deps.logger,
    storePlayers: () => sources().managementStoresPlayers(),
    onStored: (n) => deps.metrics.eventsOut.inc({ serverId }, n),
    // Published at once, not at the next period: a client must not be told "no source delivers
    // joins" for seconds after the connection came up.
    onActiveChange: () => sources().refresh(),
    reconnect: deps.reconnect,
  });
  return {
    start: () => source.start(),
    stop: () => source.stop(),
    detail: () => ({ active: source.active, detail: source.state }),
  };
}

export function createServerSources(server: ServerConfig, deps: SourceDeps): ServerSources {
  let sources: ServerSources | undefined;
  const self = () => sources!;
  sources = new ServerSources({
    serverId: server.id,
    redis: deps.redis,
    prefix: deps.prefix,
    logger: deps.logger,
    log: logSource(server, deps, self),
    management: managementSource(server, deps, self),
    modConnected: () => deps.modConnected(server.id),
    detectedMode: () => deps.detectedMode(server.id),
  });
  return sources;
}

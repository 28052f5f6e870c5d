/** Builds the log-tail and management sources of one server from its config, and their arbiter. */
import type { EventSourceName, Logger, RedisConnection } from "@mcp-bridge/shared";
import type { ServerConfig } from "../config.js";
import { LogTailSource } from "../logtail/log-tail-source.js";
import { LogPositionStore } from "../logtail/position-store.js";
import { ManagementSource } from "../management/management-source.js";
import { ManagementStore } from "../management/management-store.js";
import type { BridgeMetrics } from "../ops/metrics.js";
import type { EventSource } from "./event-source.js";
import { ServerSources } from "./server-sources.js";
import { SourceArbiter } from "./source-table.js";

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

type Build = (server: ServerConfig, deps: SourceDeps, arbiter: SourceArbiter) => EventSource;

/** The sources a server's config sets up (a name only when all its settings are there). */
function configuredSources(server: ServerConfig): EventSourceName[] {
  const names: EventSourceName[] = [];
  if (server.logFile) names.push("log");
  if (server.managementUrl && server.managementSecret) names.push("management");
  return names;
}

const logSource: Build = (server, deps, arbiter) => {
  const serverId = server.id;
  return new LogTailSource({
    serverId,
    path: server.logFile!,
    store: new LogPositionStore(deps.redis, deps.prefix, serverId, deps.streamMaxLen),
    logger: deps.logger,
    pollMs: deps.logTailPollMs,
    fromStart: server.logFromStart,
    arbiter,
    onLines: (outcome, n) => deps.metrics.logLines.inc({ serverId, outcome }, n),
    onStored: (n) => deps.metrics.eventsOut.inc({ serverId }, n),
  });
};

const managementSource: Build = (server, deps, arbiter) => {
  const serverId = server.id;
  return new ManagementSource({
    serverId,
    url: server.managementUrl!,
    secret: server.managementSecret!,
    certFile: server.managementCertFile,
    store: new ManagementStore(deps.redis, deps.prefix, serverId, deps.streamMaxLen),
    logger: deps.logger,
    arbiter,
    onStored: (n) => deps.metrics.eventsOut.inc({ serverId }, n),
    reconnect: deps.reconnect,
  });
};

/** How each source (other than the mod, which connects to the bridge itself) is built. */
const BUILDERS: Partial<Record<EventSourceName, Build>> = { log: logSource, management: managementSource };

export function createServerSources(server: ServerConfig, deps: SourceDeps): ServerSources {
  const configured = configuredSources(server);
  const arbiter = new SourceArbiter({
    configured,
    modConnected: () => deps.modConnected(server.id),
    detectedMode: () => deps.detectedMode(server.id),
  });
  const sources = configured.map((name) => BUILDERS[name]!(server, deps, arbiter));
  return new ServerSources({
    serverId: server.id,
    redis: deps.redis,
    prefix: deps.prefix,
    logger: deps.logger,
    arbiter,
    sources,
  });
}

/**
 * For the event tests and the event benchmark: a real event ingest behind a real ops HTTP server on a
 * free port, with the caller's Redis and key prefix, and the hello and event frames the mod sends it.
 */
import { createLogger, PROTOCOL_VERSION } from "@mcp-bridge/shared";
import type { Redis } from "ioredis";
import { createEventIngest, type EventIngest, type EventIngestOptions } from "../src/events/ingest.js";
import { type BridgeMetrics, createMetrics } from "../src/ops/metrics.js";
import { createOpsServer, type OpsServer } from "../src/ops/ops-server.js";

export const SERVERS = [
  { id: "survival", eventsToken: "survival-events-token" },
  { id: "creative", eventsToken: "creative-events-token" },
];

export interface Bridge {
  ingest: EventIngest;
  ops: OpsServer;
  metrics: BridgeMetrics;
  wsUrl: string;
  close(): Promise<void>;
}

export async function startBridge(
  redis: Redis,
  prefix: string,
  overrides: Partial<EventIngestOptions> = {},
): Promise<Bridge> {
  const logger = createLogger({ name: "events-test", level: "silent" });
  const metrics = createMetrics();
  const ingest = createEventIngest({ redis, prefix, servers: SERVERS, logger, metrics, ...overrides });
  const ops = await createOpsServer({
    port: 0,
    metrics,
    readiness: async () => ({ ready: true, checks: {} }),
    queues: [],
    board: undefined,
    eventIngest: ingest,
    logger,
  });
  return {
    ingest,
    ops,
    metrics,
    wsUrl: `${ops.url.replace("http", "ws")}/events`,
    async close() {
      await ingest.close();
      await ops.close();
    },
  };
}

export function eventEnvelope(seq: number, timestamp = Date.now(), id = `ev-${seq}`) {
  return {
    version: PROTOCOL_VERSION,
    type: "event",
    id,
    timestamp,
    source: "minecraft",
    payload: { eventType: "player_chat", seq, data: { player: "Steve", message: `message ${seq}` } },
  };
}

/** The mod's session_hello query (server "survival", epoch "e1" unless `args` say otherwise). */
export function helloFrame(args: Record<string, unknown> = {}, id = "hello-1"): string {
  return JSON.stringify({
    version: PROTOCOL_VERSION,
    type: "query",
    id,
    timestamp: Date.now(),
    source: "minecraft",
    payload: {
      query: "session_hello",
      args: { serverId: "survival", protocolVersions: ["1.0.0"], modVersion: "0.1.0", epoch: "e1", ...args },
    },
  });
}

/**
 * Test harness: a real event ingest behind a real ops HTTP server on a free port, with a private
 * Redis key prefix, and a `ws` client that behaves like the mod's emitter.
 */
import { createLogger, PROTOCOL_VERSION, parseJson, redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import WebSocket from "ws";
import { testRedisUrl, uniquePrefix } from "../../../../shared/testing/redis.js";
import { createEventIngest, type EventIngest, type EventIngestOptions } from "../../../src/events/ingest.js";
import { type BridgeMetrics, createMetrics } from "../../../src/ops/metrics.js";
import { createOpsServer, type OpsServer } from "../../../src/ops/ops-server.js";

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

export function newRedis(): { redis: Redis; prefix: string } {
  return { redis: new Redis(testRedisUrl()), prefix: uniquePrefix("events") };
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

interface Reply {
  type: string;
  id: string;
  payload: { code?: string; data?: { ackSeq?: number; lastSeq?: number; version?: string } };
}

/** A mod-like client: connects with a token, says hello, sends events, tracks acks. */
export class ModClient {
  readonly replies: Reply[] = [];
  ackSeq = 0;
  private waiters: Array<() => void> = [];
  closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const reply = parseJson(String(data)) as Reply;
      this.replies.push(reply);
      const ack = reply.payload.data?.ackSeq;
      if (typeof ack === "number") this.ackSeq = Math.max(this.ackSeq, ack);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const w of this.waiters.splice(0)) w();
      }),
    );
  }

  static connect(url: string, token: string | undefined, options: WebSocket.ClientOptions = {}) {
    const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
    const ws = new WebSocket(url, { headers, ...options });
    return new Promise<ModClient>((resolve, reject) => {
      ws.once("open", () => resolve(new ModClient(ws)));
      ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once("error", reject);
    });
  }

  /** Resolves when `predicate` holds after some message (or the socket closed); bounded wait. */
  waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for the bridge")), timeoutMs);
      const check = () => {
        if (predicate() || this.ws.readyState === WebSocket.CLOSED) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      check();
    });
  }

  async hello(
    serverId = "survival",
    epoch = "epoch-1",
    protocolVersions = ["1.0.0"],
    extra: Record<string, unknown> = {},
  ): Promise<Reply> {
    const id = `hello-${Math.random()}`;
    this.ws.send(
      JSON.stringify({
        version: PROTOCOL_VERSION,
        type: "query",
        id,
        timestamp: Date.now(),
        source: "minecraft",
        payload: {
          query: "session_hello",
          args: { serverId, protocolVersions, modVersion: "0.1.0", epoch, ...extra },
        },
      }),
    );
    await this.waitFor(() => this.replies.some((r) => r.id === id));
    return this.replies.find((r) => r.id === id)!;
  }

  send(seqs: Iterable<number>): void {
    for (const seq of seqs) this.ws.send(JSON.stringify(eventEnvelope(seq)));
  }

  async sendAndWaitAck(seqs: number[]): Promise<void> {
    this.send(seqs);
    const top = Math.max(...seqs);
    await this.waitFor(() => this.ackSeq >= top);
  }
}

/** seq of every entry of a server's stream, in stream order. */
export async function streamSeqs(redis: Redis, prefix: string, serverId = "survival"): Promise<number[]> {
  const entries = await redis.xrange(redisKeys(prefix).eventStream(serverId), "-", "+");
  return entries.map(([, fields]) => {
    const event = fields[fields.indexOf("event") + 1]!;
    return (JSON.parse(event) as { payload: { seq: number } }).payload.seq;
  });
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Deletes every key under the prefix (test cleanup). */
export async function dropKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
}

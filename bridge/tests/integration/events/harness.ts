/**
 * Test harness: a `ws` client that behaves like the mod's emitter, a Redis with a private key prefix,
 * and the stream as stored. The ingest itself is started by bridge/testing/event-ingest.ts.
 */
import { parseJson, redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterAll, afterEach } from "vitest";
import WebSocket from "ws";
import { dropKeys, testRedisUrl, uniquePrefix } from "../../../../shared/testing/redis.js";
import { type Bridge, eventEnvelope, helloFrame, startBridge } from "../../../testing/event-ingest.js";

export function newRedis(): { redis: Redis; prefix: string } {
  return { redis: new Redis(testRedisUrl()), prefix: uniquePrefix("events") };
}

/**
 * One ingest per test, each on a key prefix of its own under one Redis: start() opens it; after each
 * test the last one opened is closed and the test's keys are dropped, after all tests the Redis is
 * closed.
 */
export function ingestPerTest() {
  const { redis, prefix: base } = newRedis();
  let run = 0;
  let prefix = base;
  let bridge: Bridge | undefined;
  afterEach(async () => {
    await bridge?.close();
    bridge = undefined;
    await dropKeys(redis, prefix);
  });
  afterAll(async () => {
    await redis.quit();
  });
  return {
    redis,
    async start(overrides: Parameters<typeof startBridge>[2] = {}) {
      prefix = `${base}-${run++}`;
      bridge = await startBridge(redis, prefix, overrides);
      return { bridge, prefix };
    },
    /** Another ingest on this test's prefix (the test closed the one before), closed after the test. */
    async reopen(overrides: Parameters<typeof startBridge>[2] = {}) {
      bridge = await startBridge(redis, prefix, overrides);
      return bridge;
    },
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
    this.ws.send(helloFrame({ serverId, protocolVersions, epoch, ...extra }, id));
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

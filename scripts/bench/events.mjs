#!/usr/bin/env node
// Event ingest benchmark: starts the real event ingest + ops HTTP server in this process on a free
// port with a private Redis key prefix, connects a ws client acting as the mod, sends N events as
// fast as the ack window allows, then checks the stream (each seq exactly once, in order) and prints
// events/s, lag percentiles, duplicates/gaps and memory. The client runs in the same process, so the
// numbers include its cost.
//
// Run from the repository root (tsx resolves the TypeScript sources through bridge/tsconfig.json):
//   REDIS_URL=redis://127.0.0.1:6379 npx tsx --tsconfig bridge/tsconfig.json scripts/bench/events.mjs \
//     [--events 100000] [--window 200]
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import WebSocket from "ws";
import { eventEnvelope, startBridge } from "../../bridge/testing/event-ingest.ts";
import { dropKeys } from "../../shared/testing/redis.ts";

const { values } = parseArgs({
  options: { events: { type: "string", default: "100000" }, window: { type: "string", default: "200" } },
});
const TOTAL = Number(values.events);
const WINDOW = Number(values.window);
const TOKEN = randomUUID();
const prefix = `bench-events-${randomUUID().slice(0, 8)}`;
const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
// The same in-process ingest + ops server the integration tests use (logger silent).
const bridge = await startBridge(redis, prefix, {
  servers: [{ id: "bench", eventsToken: TOKEN }],
  streamMaxLen: TOTAL + 10_000,
  heartbeatMs: 10_000,
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n) => n.toFixed(1);

const event = (seq) => JSON.stringify(eventEnvelope(seq));

const ws = new WebSocket(bridge.wsUrl, {
  headers: { authorization: `Bearer ${TOKEN}` },
});
await new Promise((resolve, reject) => {
  ws.once("open", resolve);
  ws.once("error", reject);
});

const sentAt = new Float64Array(TOTAL + 1);
const ackRtt = [];
let nextSeq = 1;
let acked = 0;
let started = 0;
const done = new Promise((resolve, reject) => {
  ws.on("close", (code) => reject(new Error(`bridge closed the socket (${code})`)));
  ws.on("message", (data) => {
    const msg = JSON.parse(String(data));
    if (msg.type === "error") return reject(new Error(`bridge error: ${msg.payload.message}`));
    if (msg.payload.data?.lastSeq !== undefined) {
      started = performance.now();
      return pump();
    }
    const ackSeq = msg.payload.data?.ackSeq;
    if (ackSeq === undefined) return;
    const now = performance.now();
    for (let s = acked + 1; s <= ackSeq; s++) ackRtt.push(now - sentAt[s]);
    acked = ackSeq;
    if (acked >= TOTAL) resolve(now);
    else pump();
  });
});

function pump() {
  while (nextSeq <= TOTAL && nextSeq - 1 - acked < WINDOW) {
    sentAt[nextSeq] = performance.now();
    ws.send(event(nextSeq));
    nextSeq++;
  }
}

ws.send(
  JSON.stringify({
    version: "1.0.0",
    type: "query",
    id: "hello",
    timestamp: Date.now(),
    source: "minecraft",
    payload: {
      query: "session_hello",
      args: { serverId: "bench", protocolVersions: ["1.0.0"], modVersion: "bench", epoch: "b1" },
    },
  }),
);
const finished = await done;
const seconds = (finished - started) / 1000;
const memory = process.memoryUsage();

// Verify the stream and compute the stored lag (ingestedAt - envelope timestamp) of every entry.
const streamKey = redisKeys(prefix).eventStream("bench");
const lags = [];
let expected = 1;
let duplicates = 0;
let gaps = 0;
let cursor = "-";
for (;;) {
  const page = await redis.xrange(streamKey, cursor, "+", "COUNT", 10_000);
  const rows = cursor === "-" ? page : page.slice(1);
  if (rows.length === 0) break;
  for (const [, fields] of rows) {
    const get = (name) => fields[fields.indexOf(name) + 1];
    const envelope = JSON.parse(get("event"));
    const seq = envelope.payload.seq;
    if (seq < expected) duplicates++;
    else if (seq > expected) gaps += seq - expected;
    expected = Math.max(expected, seq + 1);
    lags.push(Number(get("ingestedAt")) - envelope.timestamp);
  }
  cursor = page[page.length - 1][0];
}
lags.sort((a, b) => a - b);
ackRtt.sort((a, b) => a - b);

console.log(`events sent: ${TOTAL}, ack window: ${WINDOW}, stored: ${lags.length}`);
console.log(`throughput: ${Math.round(TOTAL / seconds)} events/s ingested (${fmt(seconds)} s)`);
console.log(
  `lag stored (ingestedAt - timestamp): p50 ${fmt(percentile(lags, 50))} ms, p99 ${fmt(percentile(lags, 99))} ms`,
);
console.log(
  `send -> ack round trip:             p50 ${fmt(percentile(ackRtt, 50))} ms, p99 ${fmt(percentile(ackRtt, 99))} ms`,
);
console.log(`duplicates in stream: ${duplicates}, gaps: ${gaps}, missing at end: ${TOTAL + 1 - expected}`);
console.log(
  `memory (bridge + client in one process): rss ${fmt(memory.rss / 2 ** 20)} MiB, heap used ${fmt(memory.heapUsed / 2 ** 20)} MiB`,
);

ws.close();
await bridge.close();
await dropKeys(redis, prefix);
await redis.quit();
const ok = lags.length === TOTAL && duplicates === 0 && gaps === 0;
process.exit(ok ? 0 : 1);

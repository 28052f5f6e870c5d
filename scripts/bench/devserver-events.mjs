#!/usr/bin/env node
// Benchmark: how many events/s the devserver's activity driver gets through the REAL mod core's
// WebSocket emitter into a WebSocket server on this machine.
// Starts a ws server on 127.0.0.1 that speaks the bridge side of the event session (answers
// session_hello with {version, lastSeq: 0}, acknowledges cumulatively every 20 ms), starts the
// devserver jar with --bridge-url pointing at it, sends `sim rate <rate> <seconds>` over RCON and
// prints events/s received, total, duplicates, gaps and the delivery lag (overall, and after the
// first second, which carries the JVM warm-up).
// Usage: node scripts/bench/devserver-events.mjs [rate=12000] [seconds=10]
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { WebSocketServer } from "ws";

const rate = Number(process.argv[2] ?? 12000);
const seconds = Number(process.argv[3] ?? 10);
const MOD_DIR = fileURLToPath(new URL("../../mod/", import.meta.url));
const JAR = fileURLToPath(new URL("../../mod/devserver/target/mcpbridge-devserver.jar", import.meta.url));
const token = randomBytes(16).toString("hex");
const password = randomBytes(12).toString("hex");

if (!existsSync(JAR)) {
  const r = spawnSync("./mvnw", ["-q", "-B", "-DskipTests", "install"], { cwd: MOD_DIR, stdio: "inherit" });
  if (r.status !== 0)
    throw new Error("building the devserver failed: run 'cd mod && ./mvnw -B -DskipTests install'");
}

// --- the bridge side of the event session ---
const seen = new Set();
let received = 0;
let duplicates = 0;
let contiguous = 0; // highest seq with every seq <= it received
let maxSeq = 0;
let firstAt = 0;
let lastAt = 0;
/** Per event: [envelope timestamp set by the mod, receipt time minus that timestamp] (ms). */
const lags = [];
const envelope = (payload) => ({
  version: "1.0.0",
  type: "response",
  id: randomUUID(),
  timestamp: Date.now(),
  source: "mcp",
  payload,
});
const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/events" });
wss.on("connection", (ws, req) => {
  if (req.headers.authorization !== `Bearer ${token}`) {
    ws.close(1008, "bad token");
    return;
  }
  let acked = 0;
  const ackTimer = setInterval(() => {
    if (contiguous > acked) {
      acked = contiguous;
      ws.send(JSON.stringify(envelope({ success: true, data: { ackSeq: acked } })));
    }
  }, 20);
  ws.on("close", () => clearInterval(ackTimer));
  ws.on("message", (data) => {
    const msg = JSON.parse(data.toString());
    if (msg.type === "query" && msg.payload?.query === "session_hello") {
      const reply = envelope({ success: true, data: { version: "1.0.0", lastSeq: 0 } });
      reply.id = msg.id;
      ws.send(JSON.stringify(reply));
      return;
    }
    if (msg.type !== "event") return;
    const seq = msg.payload.seq;
    if (seen.has(seq)) {
      duplicates++;
      return;
    }
    seen.add(seq);
    received++;
    lags.push([msg.timestamp, Date.now() - msg.timestamp]);
    lastAt = performance.now();
    if (!firstAt) firstAt = lastAt;
    if (seq > maxSeq) maxSeq = seq;
    while (seen.has(contiguous + 1)) contiguous++;
  });
});
await new Promise((r) => wss.once("listening", r));
const bridgeUrl = `ws://127.0.0.1:${wss.address().port}/events`;

// --- the devserver ---
const dev = spawn(
  "java",
  [
    "-jar",
    JAR,
    "--rcon-port",
    "0",
    "--bridge-url",
    bridgeUrl,
    "--outbox-size",
    String(Math.max(10000, rate * 2)),
  ],
  {
    env: { ...process.env, DEVSERVER_RCON_PASSWORD: password, DEVSERVER_EVENTS_TOKEN: token },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
let devLog = "";
dev.stderr.on("data", (d) => {
  devLog = (devLog + d).slice(-8000);
});
const rconPort = await new Promise((resolve, reject) => {
  let out = "";
  dev.stdout.on("data", (d) => {
    out += d;
    const m = /DEVSERVER READY rcon=(\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
  dev.once("exit", () => reject(new Error(`devserver exited before READY:\n${devLog}`)));
});

// --- a minimal RCON client: one request in flight, one write per packet ---
function packet(id, type, body) {
  const payload = Buffer.from(body, "utf8");
  const b = Buffer.alloc(14 + payload.length);
  b.writeInt32LE(10 + payload.length, 0);
  b.writeInt32LE(id, 4);
  b.writeInt32LE(type, 8);
  payload.copy(b, 12);
  return b;
}
const sock = net.connect(rconPort, "127.0.0.1");
await new Promise((r) => sock.once("connect", r));
let buf = Buffer.alloc(0);
const waiting = [];
sock.on("data", (d) => {
  buf = Buffer.concat([buf, d]);
  while (buf.length >= 4 && buf.length >= 4 + buf.readInt32LE(0)) {
    const len = buf.readInt32LE(0);
    const id = buf.readInt32LE(4);
    const text = buf.subarray(12, 4 + len - 2).toString("utf8");
    buf = buf.subarray(4 + len);
    waiting.shift()?.({ id, text });
  }
});
const rcon = (id, type, body) =>
  new Promise((r) => {
    waiting.push(r);
    sock.write(packet(id, type, body));
  });
const login = await rcon(1, 3, password);
if (login.id !== 1) throw new Error("RCON login refused");

// wait for the emitter's session
const t0 = Date.now();
while (wss.clients.size === 0 && Date.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 50));
if (wss.clients.size === 0) throw new Error(`the devserver's emitter never connected:\n${devLog}`);
const before = received;
console.log((await rcon(2, 2, `sim rate ${rate} ${seconds}`)).text);
await new Promise((r) => setTimeout(r, seconds * 1000));
// let the tail drain: stop when nothing arrived for 2 s
let last = -1;
while (received !== last) {
  last = received;
  await new Promise((r) => setTimeout(r, 2000));
}
const stopped = (await rcon(3, 2, "sim stop")).text;
const generated = Number(/generated (\d+)/.exec(stopped)?.[1] ?? Number.NaN);
const total = received - before;
const span = (lastAt - firstAt) / 1000;
const gaps = maxSeq - seen.size;
// The first second carries the JVM's JIT warm-up of the event path; steady state is reported apart.
const firstTs = lags.reduce((min, [t]) => Math.min(min, t), Number.POSITIVE_INFINITY);
const lagStats = (pairs) => {
  const v = pairs.map(([, lag]) => lag).sort((a, b) => a - b);
  const at = (p) => v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
  return { p50: at(50), p99: at(99), max: v.at(-1) };
};
console.log(
  JSON.stringify(
    {
      requestedRate: rate,
      seconds,
      generatedByDriver: generated,
      received: total,
      receivedPerSecond: Math.round(total / span),
      spanSeconds: Number(span.toFixed(2)),
      duplicates,
      gaps,
      maxSeq,
      lagMs: lagStats(lags),
      lagMsAfterFirstSecond: lagStats(lags.filter(([t]) => t >= firstTs + 1000)),
    },
    null,
    2,
  ),
);
sock.end();
dev.kill("SIGTERM");
await new Promise((r) => dev.once("exit", r));
wss.close();
process.exit(gaps === 0 ? 0 : 1);

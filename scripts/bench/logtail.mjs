#!/usr/bin/env node
// Log-tail benchmark: the bridge's real log-tail source (LogTailSource + LogPositionStore, one Lua
// script per run of lines) in THIS process, tailing a file that a separate writer process appends
// to at a fixed rate, like a Minecraft server. Each line carries the time it was written, so
// latency = stored in Redis (the commit's return) - written. Lines are a server-like mix: 70% chat,
// 10% join/quit, 5% deaths, 15% other.
// CPU is this process's only (process.cpuUsage: all its threads, not the writer, which is a child
// process). The harness keeps its own work out of it: latencies are worked out after the phase's
// CPU was read; what remains is spawning the writer (1-3 ms a phase, < 0.3 µs/event at 1,000 lines/s).
// Phases: a warm-up (not reported: V8 is still compiling the hot paths for the first seconds, which
// added 15-20 µs/event to a 10 s phase after a 2 s warm-up), --seconds with nothing to read (the
// cost of polling alone), --rates (lines/s, each for --seconds), then a backlog of --backlog lines
// read as fast as possible (sustained throughput).
//
// Run from the repository root:
//   REDIS_URL=redis://127.0.0.1:6379 npx tsx --tsconfig bridge/tsconfig.json scripts/bench/logtail.mjs \
//     [--rates 1000,10000] [--seconds 10] [--backlog 200000] [--poll-ms 40]
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLogger } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { LogTailSource } from "../../bridge/src/logtail/log-tail-source.ts";
import { LogPositionStore } from "../../bridge/src/logtail/position-store.ts";
import { dropKeys } from "../../shared/testing/redis.ts";

const { values } = parseArgs({
  options: {
    rates: { type: "string", default: "1000,10000" },
    seconds: { type: "string", default: "10" },
    backlog: { type: "string", default: "200000" },
    "poll-ms": { type: "string", default: "40" },
  },
});
const RATES = values.rates.split(",").map(Number);
const SECONDS = Number(values.seconds);
const BACKLOG = Number(values.backlog);
const POLL_MS = Number(values["poll-ms"]);
const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const logger = createLogger({ name: "bench-logtail", level: "silent" });
const now = () => performance.timeOrigin + performance.now();

// The writer: a separate process appending `rate` lines/s in 2 ms slices, each line stamped.
const WRITER = `
const fs = require("node:fs");
const [path, rate, seconds] = process.argv.slice(1);
const fd = fs.openSync(path, "a");
const total = Number(rate) * Number(seconds);
const start = performance.timeOrigin + performance.now();
let written = 0;
const kinds = (i) => { const r = i % 20;
  if (r < 14) return "<Steve> chat " + i;
  if (r === 14) return "Alex joined the game";
  if (r === 15) return "Alex left the game";
  if (r === 16) return "Steve was slain by Zombie using [Iron Sword]";
  return "Can't keep up! Is the server overloaded? Running 2001ms or 40 ticks behind"; };
const tick = () => {
  const t = performance.timeOrigin + performance.now();
  const due = Math.min(total, Math.floor(((t - start) / 1000) * Number(rate)));
  let chunk = "";
  for (; written < due; written++) {
    const stamp = (performance.timeOrigin + performance.now()).toFixed(3);
    const msg = kinds(written);
    chunk += "[12:00:00] [Server thread/INFO]: " + (msg.startsWith("<") ? msg + " t=" + stamp : msg) + "\\n";
  }
  if (chunk) fs.writeSync(fd, chunk);
  if (written < total) setTimeout(tick, 2); else process.exit(0);
};
tick();
`;

function pct(sorted, p) {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (x) => (Number.isNaN(x) ? "-" : x.toFixed(1));

async function phase(label, run) {
  const dir = mkdtempSync(join(tmpdir(), "bench-logtail-"));
  const path = join(dir, "latest.log");
  writeFileSync(path, "[11:59:59] [ServerMain/INFO]: Environment: bench\n");
  const prefix = `bench-logtail-${Math.random().toString(36).slice(2, 10)}`;
  const store = new LogPositionStore(redis, prefix, "bench", 10_000_000);
  const latencies = [];
  const batches = []; // [stored at, events] pairs; latencies are worked out after the CPU was read
  let stored = 0;
  let lines = 0;
  let commits = 0;
  const timed = {
    load: () => store.load(),
    async commit(from, to, events, at) {
      const result = await store.commit(from, to, events, at);
      commits++;
      batches.push(now(), events);
      return result;
    },
  };
  const source = new LogTailSource({
    serverId: "bench",
    path,
    store: timed,
    logger,
    pollMs: POLL_MS,
    fromStart: true,
    onLines: (_o, n) => {
      lines += n;
    },
    onStored: (n) => {
      stored += n;
    },
  });
  let cpu0 = process.cpuUsage();
  let t0 = now();
  const restartClock = () => {
    cpu0 = process.cpuUsage();
    t0 = now();
  };
  await run({ path, source, done: () => lines, restartClock });
  const elapsed = (now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await source.stop();
  await dropKeys(redis, prefix);
  rmSync(dir, { recursive: true, force: true });
  for (let i = 0; i < batches.length; i += 2) {
    for (const e of batches[i + 1]) {
      const m = /t=(\d+\.\d+)/.exec(e.json);
      if (m) latencies.push(batches[i] - Number(m[1]));
    }
  }
  latencies.sort((a, b) => a - b);
  const cpuUs = cpu.user + cpu.system;
  return {
    phase: label,
    lines,
    events: stored,
    seconds: elapsed.toFixed(1),
    "lines/s": Math.round(lines / elapsed),
    "p50 ms": ms(pct(latencies, 50)),
    "p99 ms": ms(pct(latencies, 99)),
    "max ms": ms(pct(latencies, 100)),
    "CPU µs/event": stored ? (cpuUs / stored).toFixed(1) : "-",
    "CPU µs/line": lines > 1 ? (cpuUs / lines).toFixed(1) : "-",
    "CPU ms/s": (cpuUs / 1000 / elapsed).toFixed(1),
    "lines/commit": (lines / Math.max(1, commits)).toFixed(0),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function untilLines(done, want) {
  while (done() < want) await sleep(20);
}

async function atRate(rate, seconds) {
  return phase(`${rate} lines/s for ${seconds} s`, async ({ path, source, done }) => {
    source.start();
    await new Promise((resolve, reject) => {
      const w = spawn(process.execPath, ["-e", WRITER, path, String(rate), String(seconds)], {
        stdio: "inherit",
      });
      w.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`writer exited ${code}`))));
    });
    await untilLines(done, rate * seconds + 1);
  });
}

// Warm-up (JIT, Redis script cache), not reported.
await atRate(5000, 4);
await atRate(1000, 4);
const rows = [];
rows.push(
  await phase(`nothing written for ${SECONDS} s`, async ({ source, restartClock }) => {
    source.start();
    // V8 tidies its heap (several full GCs) once a busy process goes quiet; not the tail's cost.
    await sleep(5000);
    restartClock();
    await sleep(SECONDS * 1000);
  }),
);
for (const rate of RATES) rows.push(await atRate(rate, SECONDS));
rows.push(
  await phase(`backlog of ${BACKLOG} lines, as fast as possible`, async ({ path, source, done }) => {
    let chunk = "";
    for (let i = 0; i < BACKLOG; i++) {
      const r = i % 20;
      chunk +=
        r < 14
          ? `[12:00:00] [Server thread/INFO]: <Steve> chat ${i}\n`
          : r === 16
            ? "[12:00:00] [Server thread/INFO]: Steve was slain by Zombie using [Iron Sword]\n"
            : r === 14
              ? "[12:00:00] [Server thread/INFO]: Alex joined the game\n"
              : "[12:00:00] [Server thread/INFO]: Can't keep up! Is the server overloaded? Running 2001ms or 40 ticks behind\n";
      if (chunk.length > 1 << 20) {
        appendFileSync(path, chunk);
        chunk = "";
      }
    }
    appendFileSync(path, chunk);
    source.start();
    await untilLines(done, BACKLOG + 1);
  }),
);
console.table(rows);
console.log(
  "Targets: >= 20,000 lines/s sustained; p99 <= 50 ms at 1,000 lines/s; <= 50 µs bridge CPU per event. " +
    "p50/p99 of the backlog phase are time in the backlog, not tail latency.",
);
redis.disconnect();

/**
 * Benchmark of the bridge's job path: p50/p99 of a queued read vs a direct RCON read on the same
 * server, sustained ops/s with batching (many concurrent jobs), and the bridge's memory.
 * Run: npx tsx --tsconfig bridge/tsconfig.json scripts/bench/bridge.ts [--peer=devserver|fake] [--jobs=N]
 *   [--samples=N] [--warmup=N] [--log=info|warn|...] [--show-log]
 *   [--bridge=process|inline]: by default the bridge runs in its own Node process, as deployed, so
 *   this process's producer and QueueEvents (the MCP server's side) do not share its event loop.
 * The bridge logs at `info` by default, as deployed: one audit line per job (docs/properties.md, #16). Its
 * lines are written (their cost counts) but discarded unless --show-log.
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379).
 * Peer: the devserver (shared/testing/devserver.ts) when present, else the test RCON peer that
 * emulates the mod (bridge/testing/mod-peer.ts).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import {
  commandQueueName,
  jobOptions,
  makeRequest,
  queuePrefix,
  signJob,
  toAsciiJson,
} from "@mcp-bridge/shared";
import { RconClient } from "@mcp-bridge/shared/rcon";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { createBridge } from "../../bridge/src/bridge.js";
import type { BridgeConfig } from "../../bridge/src/config.js";
import { ModPeer, PASSWORD } from "../../bridge/testing/mod-peer.js";
import { JOB_SECRET, testConfig } from "../../bridge/testing/test-config.js";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const devserverPath = new URL("../../shared/testing/devserver.ts", import.meta.url);
const peerKind = arg("peer", existsSync(devserverPath) ? "devserver" : "fake");
const totalJobs = Number(arg("jobs", "20000"));
const samples = Number(arg("samples", "1000"));
const warmup = Number(arg("warmup", "300"));
const logLevel = arg("log", "info");
const showLog = process.argv.includes("--show-log");
const bridgeWhere = arg("bridge", "process");

interface BridgeStats {
  mode: string | undefined;
  batchSizes: Array<[number, number]>;
  rssMiB: number;
  heapMiB: number;
  /** CPU time (user + system) of the bridge's process so far. */
  cpuMs: number;
}
interface BridgeHandle {
  /** Resolves once the bridge owns the server and knows its mode. */
  ready(): Promise<string | undefined>;
  stats(): Promise<BridgeStats>;
  stop(): Promise<void>;
}

/** The bridge in this process; also what the child process runs. */
async function inlineBridge(config: BridgeConfig): Promise<BridgeHandle> {
  const bridge = createBridge(config, { http: false });
  await bridge.start();
  const runtime = bridge.runtimes[0]!;
  return {
    async ready() {
      while (runtime.status().mode === undefined) await new Promise((r) => setTimeout(r, 50));
      return runtime.status().mode;
    },
    async stats() {
      const m = process.memoryUsage();
      const cpu = process.cpuUsage();
      return {
        mode: runtime.status().mode,
        batchSizes: [...runtime.batchSizes].sort((a, b) => a[0] - b[0]),
        rssMiB: m.rss / 2 ** 20,
        heapMiB: m.heapUsed / 2 ** 20,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
    },
    stop: () => bridge.stop(),
  };
}

/** Child side: one JSON line per request line on stdin ("ready", "stats", "stop"). */
if (process.argv.includes("--child")) {
  const handle = await inlineBridge(JSON.parse(process.env.BENCH_BRIDGE_CONFIG!) as BridgeConfig);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === "ready") process.stdout.write(`${JSON.stringify(await handle.ready())}\n`);
    if (line === "stats") process.stdout.write(`${JSON.stringify(await handle.stats())}\n`);
    if (line === "stop") break;
  }
  await handle.stop();
  process.exit(0);
}

/** The bridge in a child Node process, driven over stdin/stdout. */
function childBridge(config: BridgeConfig): BridgeHandle {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, "--child"], {
    env: { ...process.env, BENCH_BRIDGE_CONFIG: JSON.stringify(config) },
    stdio: ["pipe", "pipe", showLog ? "inherit" : "ignore"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const ask = async <T>(request: string): Promise<T> => {
    child.stdin!.write(`${request}\n`);
    const next = await lines.next();
    if (next.done) throw new Error(`the bridge process ended before answering '${request}'`);
    return JSON.parse(next.value) as T;
  };
  return {
    ready: () => ask<string | undefined>("ready"),
    stats: () => ask<BridgeStats>("stats"),
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.stdin!.write("stop\n");
      await exited;
    },
  };
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function startPeer(): Promise<{ port: number; password: string; stop(): Promise<void> }> {
  if (peerKind === "devserver") {
    const { startDevserver } = (await import(devserverPath.href)) as {
      startDevserver: (o: object) => Promise<{ rconPort: number; password: string; stop(): Promise<void> }>;
    };
    const dev = await startDevserver({ players: ["Steve", "Alex", "Notch"] });
    return { port: dev.rconPort, password: dev.password, stop: () => dev.stop() };
  }
  const peer = new ModPeer();
  return { port: await peer.server.listen(), password: PASSWORD, stop: () => peer.server.close() };
}

const peer = await startPeer();
const config = testConfig(peer.port, {
  MC_RCON_PASSWORD: peer.password,
  LOG_LEVEL: logLevel,
  LEASE_TTL_MS: "5000",
});
const bridge = bridgeWhere === "inline" ? await inlineBridge(config) : childBridge(config);
const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
const queue = new Queue(commandQueueName("s1"), {
  connection,
  prefix: queuePrefix(config.redisPrefix, "s1"),
});
const events = new QueueEvents(commandQueueName("s1"), {
  connection: connection.duplicate(),
  prefix: queuePrefix(config.redisPrefix, "s1"),
});
await events.waitUntilReady();
const pending = new Map<string, (ok: boolean) => void>();
events.on("completed", ({ jobId }) => pending.get(jobId)?.(true));
events.on("failed", ({ jobId }) => pending.get(jobId)?.(false));

function jobFor(op: "get_online_players" | "execute_command", args: Record<string, unknown>) {
  const envelope = makeRequest(op, args as never);
  const data = signJob({ serverId: "s1", envelope, client: { id: "alice", role: "admin" } }, JOB_SECRET);
  return { name: op, data, opts: jobOptions(envelope.id) };
}
function waitFor(id: string): Promise<boolean> {
  return new Promise((resolve) => {
    pending.set(id, (ok) => {
      pending.delete(id);
      resolve(ok);
    });
  });
}

// Wait until the bridge owns the server and knows its mode.
const mode = await bridge.ready();

// 1 + 2. Direct RCON read vs queued read, one at a time, interleaved so that both see the same
// server state (JIT, GC, caches); the first `warmup` of each are not counted. The direct client has
// its own connection; it is never used while a job runs (the server has one RCON output buffer).
const direct = new RconClient({ host: "127.0.0.1", port: peer.port, password: peer.password });
await direct.start();
const readCommand =
  mode === "mod" ? `mcpbridge ${toAsciiJson(makeRequest("get_online_players", {}))}` : "list";
const directMs: number[] = [];
const queuedMs: number[] = [];
for (let i = 0; i < warmup + samples; i++) {
  let t = performance.now();
  await direct.command(readCommand);
  const directSample = performance.now() - t;
  const job = jobFor("get_online_players", {});
  const done = waitFor(job.opts.jobId);
  t = performance.now();
  await queue.add(job.name, job.data, job.opts);
  await done;
  if (i < warmup) continue;
  directMs.push(directSample);
  queuedMs.push(performance.now() - t);
}
await direct.close();

// 3. Throughput: many concurrent writes, batched into mcpbridge calls.
const jobs = Array.from({ length: totalJobs }, (_, i) => jobFor("execute_command", { command: `say ${i}` }));
const t0 = performance.now();
const all = Promise.all(jobs.map((j) => waitFor(j.opts.jobId)));
for (let i = 0; i < jobs.length; i += 500) await queue.addBulk(jobs.slice(i, i + 500));
const outcomes = await all;
const seconds = (performance.now() - t0) / 1000;

// 4. Drain: the same number of jobs queued while the queue is paused, then resumed. Only the bridge,
// Redis and the server work while it drains (no producer, no QueueEvents in this process): the
// bridge's own capacity, as when the producers (MCP servers) run on other machines.
await events.close();
await queue.pause();
const drainJobs = Array.from({ length: totalJobs }, (_, i) =>
  jobFor("execute_command", { command: `say drain ${i}` }),
);
for (let i = 0; i < drainJobs.length; i += 500) await queue.addBulk(drainJobs.slice(i, i + 500));
const failedBefore = (await queue.getJobCounts("failed")).failed ?? 0;
const cpuBefore = await bridge.stats();
const d0 = performance.now();
await queue.resume();
// Finished jobs are trimmed to the newest 10,000, so the drain is over when none is left to run.
let left = totalJobs;
while (left > 0) {
  await new Promise((r) => setTimeout(r, 20));
  const counts = await queue.getJobCounts("wait", "active", "prioritized", "delayed");
  left = Object.values(counts).reduce((sum, n) => sum + n, 0);
}
const failedInDrain = ((await queue.getJobCounts("failed")).failed ?? 0) - failedBefore;
const drainSeconds = (performance.now() - d0) / 1000;
const stats = await bridge.stats();

console.log(
  `peer: ${peerKind}, mode: ${mode}, samples: ${samples}, jobs: ${totalJobs}, log: ${logLevel}, bridge: ${bridgeWhere}`,
);
console.log(`direct RCON read  p50 ${fmt(pct(directMs, 50))}  p99 ${fmt(pct(directMs, 99))}`);
console.log(`queued read       p50 ${fmt(pct(queuedMs, 50))}  p99 ${fmt(pct(queuedMs, 99))}`);
console.log(`queue adds        p50 ${fmt(pct(queuedMs, 50) - pct(directMs, 50))} (target <= 3 ms)`);
console.log(
  `throughput        ${(totalJobs / seconds).toFixed(0)} ops/s (${outcomes.filter(Boolean).length}/${totalJobs} ok, target >= 3000)`,
);
console.log(
  `drain             ${(totalJobs / drainSeconds).toFixed(0)} ops/s (${totalJobs - failedInDrain}/${totalJobs} ok, queue filled while paused; bridge CPU ${(
    ((stats.cpuMs - cpuBefore.cpuMs) * 1000) / totalJobs
  ).toFixed(0)} us/job)`,
);
const batches = stats.batchSizes;
const batchCount = batches.reduce((sum, [, n]) => sum + n, 0);
console.log(
  `batches           ${batchCount} mcpbridge calls, requests per call: ${batches.map(([size, n]) => `${size}x${n}`).join(" ")}`,
);
console.log(
  `memory (${bridgeWhere === "inline" ? "bench process incl. bridge" : "bridge process"}) rss ${stats.rssMiB.toFixed(0)} MiB, heap ${stats.heapMiB.toFixed(0)} MiB`,
);

await queue.obliterate({ force: true }).catch(() => undefined);
await queue.close();
await connection.quit();
await bridge.stop();
await peer.stop();
process.exit(0);

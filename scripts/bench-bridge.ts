/**
 * Benchmark of the bridge's job path: p50/p99 of a queued read vs a direct RCON read on the same
 * server, sustained ops/s with batching (many concurrent jobs), and the process memory.
 * Run: npx tsx --tsconfig bridge/tsconfig.json scripts/bench-bridge.ts [--peer=devserver|fake] [--jobs=N]
 *   [--samples=N] [--log=warn|info|...] (the bridge's log level; its lines go to stderr)
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379). The bridge runs in this process.
 * Peer: the devserver (shared/testing/devserver.ts) when present, else the test RCON peer that
 * emulates the mod (bridge/tests/integration/jobs/harness.ts).
 */
import { existsSync } from "node:fs";
import { commandQueueName, jobOptions, makeRequest, signJob, toAsciiJson } from "@mcp-bridge/shared";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { createBridge } from "../bridge/src/bridge.js";
import { RconClient } from "../bridge/src/rcon/index.js";
import { JOB_SECRET, ModPeer, PASSWORD, testConfig } from "../bridge/tests/integration/jobs/harness.js";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const devserverPath = new URL("../shared/testing/devserver.ts", import.meta.url);
const peerKind = arg("peer", existsSync(devserverPath) ? "devserver" : "fake");
const totalJobs = Number(arg("jobs", "6000"));
const samples = Number(arg("samples", "300"));
const logLevel = arg("log", "warn");

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
const bridge = createBridge(config, { http: false });
await bridge.start();
const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
const queue = new Queue(commandQueueName("s1"), { connection, prefix: config.redisPrefix });
const events = new QueueEvents(commandQueueName("s1"), {
  connection: connection.duplicate(),
  prefix: config.redisPrefix,
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
while (bridge.runtimes[0]!.status().mode === undefined) await new Promise((r) => setTimeout(r, 50));
const mode = bridge.runtimes[0]!.status().mode;

// 1. Direct RCON read (its own connection; the server serialises RCON anyway).
const direct = new RconClient({ host: "127.0.0.1", port: peer.port, password: peer.password });
await direct.start();
const readCommand =
  mode === "mod" ? `mcpbridge ${toAsciiJson(makeRequest("get_online_players", {}))}` : "list";
const directMs: number[] = [];
for (let i = 0; i < samples; i++) {
  const t = performance.now();
  await direct.command(readCommand);
  directMs.push(performance.now() - t);
}
await direct.close();

// 2. Queued read, one at a time: add -> completed event.
const queuedMs: number[] = [];
const split: Array<[number, number]> = [];
for (let i = 0; i < samples; i++) {
  const job = jobFor("get_online_players", {});
  const t = performance.now();
  const done = waitFor(job.opts.jobId);
  const added = await queue.add(job.name, job.data, job.opts);
  await done;
  queuedMs.push(performance.now() - t);
  if (i % 10 === 0) {
    const j = await queue.getJob(added.id!);
    if (j?.processedOn && j.finishedOn)
      split.push([j.processedOn - j.timestamp, j.finishedOn - j.processedOn]);
  }
}

// 3. Throughput: many concurrent writes, batched into mcpbridge calls.
const jobs = Array.from({ length: totalJobs }, (_, i) => jobFor("execute_command", { command: `say ${i}` }));
const t0 = performance.now();
const all = Promise.all(jobs.map((j) => waitFor(j.opts.jobId)));
for (let i = 0; i < jobs.length; i += 500) await queue.addBulk(jobs.slice(i, i + 500));
const outcomes = await all;
const seconds = (performance.now() - t0) / 1000;
const memory = process.memoryUsage();

console.log(`peer: ${peerKind}, mode: ${mode}, samples: ${samples}, jobs: ${totalJobs}, log: ${logLevel}`);
console.log(`direct RCON read  p50 ${fmt(pct(directMs, 50))}  p99 ${fmt(pct(directMs, 99))}`);
console.log(`queued read       p50 ${fmt(pct(queuedMs, 50))}  p99 ${fmt(pct(queuedMs, 99))}`);
console.log(
  `  of which        wait-for-worker p50 ${pct(
    split.map((x) => x[0]),
    50,
  )} ms, run p50 ${pct(
    split.map((x) => x[1]),
    50,
  )} ms`,
);
console.log(`queue adds        p50 ${fmt(pct(queuedMs, 50) - pct(directMs, 50))} (target <= 3 ms)`);
console.log(
  `throughput        ${(totalJobs / seconds).toFixed(0)} ops/s (${outcomes.filter(Boolean).length}/${totalJobs} ok, target >= 3000)`,
);
const batches = [...bridge.runtimes[0]!.batchSizes].sort((a, b) => a[0] - b[0]);
const batchCount = batches.reduce((sum, [, n]) => sum + n, 0);
console.log(
  `batches           ${batchCount} mcpbridge calls, requests per call: ${batches.map(([size, n]) => `${size}x${n}`).join(" ")}`,
);
console.log(
  `memory (bench process incl. bridge) rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
);

await events.close();
await queue.obliterate({ force: true }).catch(() => undefined);
await queue.close();
await connection.quit();
await bridge.stop();
await peer.stop();
process.exit(0);

#!/usr/bin/env node
import { type ChildProcess, fork } from "node:child_process";
// NPC pipeline benchmark: the NPC service's own overhead with a 0-ms LLM. Three processes, as in
// production: this one runs the NPC service (consumer group, queue, history in Redis, signed jobs);
// scripts/bench/npc-peers.ts runs, each in its own child process, the fake LLM over HTTP answering
// at once and the bridge's job path (signature, age, policy, single-use claim, reply to the
// producer's reply list) on a BullMQ worker whose executor answers at once (so RCON and the game are
// not measured); a third writes chat lines naming an NPC to the event stream at a fixed rate, as the
// bridge stores them (Poisson arrivals naming random NPCs, or --arrivals even: in turn, evenly
// spaced; npc-peers.ts, arrivalSchedule). 100 NPCs each with a player next to it. Measured per line:
// stream entry stored -> the tellraw job answering it completed (includes the batching delay),
// drops, and memory per NPC with a full (100-entry) history.
//
// Run from the repository root:
//   REDIS_URL=redis://127.0.0.1:6379 node --expose-gc --import tsx scripts/bench/npc.ts \
//     [--npcs 100] [--rate 1000] [--seconds 10] [--services 1] [--warmup 0] [--by-second] [--profile DIR]
//     [--arrivals poisson|even] [--seed N] [--tools] [--prime S] [--warm S]
// --services N runs N NPC service processes (this one and N-1 children) that share the NPCs;
// --warmup S also reports the batches whose first line came after S s; --by-second, each second;
// --tools: every answer first calls get_player_info (a read job and one more LLM round). Perception
// (time and weather, nearby players, nearby mobs: a get_nearby_mobs job per NPC per TTL) is always in
// the prompts, as in the service.
// --prime S: a restart under load. First another service process answers S s of the same traffic
// (unrecorded) and is stopped; then this one starts, cold, against a bridge, LLM and Redis that have
// run for a while, as in production, where only the NPC service restarts. Without it every process
// starts cold at the first line. --warm S: this process's service answers the S s itself, so that
// nothing is cold; what is left at the start is every NPC's first batch falling due at once.
// --profile DIR writes CPU profiles (.cpuprofile) into DIR: this process's for the sending window
// (npc-service.cpuprofile), the peers' for their whole life.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createLogger, redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { loadConfig } from "../../npc/src/config.js";
import { policyFragment } from "../../npc/src/definitions/command-patterns.js";
import { NpcFileSchema } from "../../npc/src/definitions/schema.js";
import { coalesceRedisWrites } from "../../npc/src/redis-writes.js";
import { NpcService } from "../../npc/src/service.js";
import { villagers } from "../../npc/testing/villagers.js";
import { dropKeys } from "../../shared/testing/redis.js";
import { type Arrivals, type PeerSettings, spot } from "./npc-peers.js";
import { NpcTrace } from "./npc-trace.js";

const { values } = parseArgs({
  options: {
    npcs: { type: "string", default: "100" },
    rate: { type: "string", default: "1000" },
    seconds: { type: "string", default: "10" },
    profile: { type: "string" },
    trace: { type: "boolean", default: false },
    services: { type: "string", default: "1" },
    warmup: { type: "string", default: "0" },
    "by-second": { type: "boolean", default: false },
    arrivals: { type: "string", default: "poisson" },
    seed: { type: "string" },
    tools: { type: "boolean", default: false },
    prime: { type: "string", default: "0" },
    warm: { type: "string", default: "0" },
  },
});
if (values.arrivals !== "poisson" && values.arrivals !== "even")
  throw new Error(`--arrivals must be poisson or even, not ${values.arrivals}`);
const ARRIVALS: Arrivals = values.arrivals;
const SEED = values.seed === undefined ? randomBytes(4).readUInt32LE() : Number(values.seed);
const NPCS = Number(values.npcs);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
/** NPC service processes: this one, and the others as peers; they share the NPCs. */
const SERVICES = Number(values.services);
const BATCH_MS = 500;
/** The target for a batch's overhead beyond the batching delay (p99): docs/benchmarks.md, NPCs. */
const TARGET_MS = 25;
const SERVER = "bench";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `bench-npc-${randomBytes(4).toString("hex")}`;
const secret = randomBytes(18).toString("base64url");
const dir = mkdtempSync(join(tmpdir(), "bench-npc-"));

const raw = villagers(NPCS, SERVER, spot);
const npcFile = join(dir, "npcs.json");
const policyFile = join(dir, "policy.json");
writeFileSync(npcFile, JSON.stringify({ npcs: raw }));
writeFileSync(policyFile, JSON.stringify(policyFragment(NpcFileSchema.parse({ npcs: raw }).npcs)));

// The peers, each in its own process; they keep the records (when each line was stored, each
// tellraw job and the `#n` it answered) and hand them over after the run.
const total = RATE * SECONDS;
const peers: ChildProcess[] = [];
async function startPeer(
  role: PeerSettings["role"],
  extra: Partial<PeerSettings> = {},
): Promise<{ url?: string }> {
  const profile = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${values.profile}`] : [];
  const child = fork(new URL("./npc-peers.ts", import.meta.url), [], {
    execArgv: ["--import", "tsx", ...profile],
  });
  peers.push(child);
  const settings: PeerSettings = {
    ...{ role, redisUrl, prefix, secret, server: SERVER, policyFile },
    ...{ npcs: NPCS, rate: RATE, total, arrivals: ARRIVALS, seed: SEED },
    ...extra,
  };
  child.send(settings);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the ${role} peer exited (${code})`)));
    child.on("message", (m: { ready?: boolean; url?: string }) => m.ready && resolve(m));
  });
}
const [llm] = await Promise.all([
  startPeer("llm", { tools: values.tools }),
  startPeer("bridge"),
  startPeer("events"),
]);
const events = peers[2]!;
/** Asks a peer; it answers under the question's name. */
function ask<T>(child: ChildProcess, question: "cpu" | "progress" | "results"): Promise<T> {
  return new Promise((resolve) => {
    const listener = (m: Record<string, unknown>) => {
      if (m[question] === undefined) return;
      child.off("message", listener);
      resolve(m[question] as T);
    };
    child.on("message", listener);
    child.send(question);
  });
}
/** Stops a peer (it ends itself when its IPC channel closes) and waits for its exit. */
async function stopPeer(child: ChildProcess): Promise<void> {
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.disconnect();
  await exited;
}
/** CPU ms (user + system) each peer has used so far. */
const peerCpu = () => Promise.all(peers.map((child) => ask<number>(child, "cpu")));
const bridge = peers[1]!;

const serviceEnv = (consumer: string) => ({
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  JOB_SECRET: secret,
  POLICY_FILE: policyFile,
  NPC_FILE: npcFile,
  OLLAMA_HOST: llm.url!,
  NPC_BATCH_DELAY_MS: String(BATCH_MS),
  NPC_PLAYER_PER_MINUTE: "100000",
  NPC_PER_MINUTE: "100000",
  NPC_LLM_CONCURRENCY: "32",
  NPC_POSITION_REFRESH_MS: process.env.NPC_POSITION_REFRESH_MS, // the default (2 s) unless given
  NPC_CONSUMER: consumer,
  NPC_READ_INTERVAL_MS: process.env.NPC_READ_INTERVAL_MS,
});
if (Number(values.prime) > 0) {
  await startPeer("npc", { env: serviceEnv("prime") });
  const first = peers.pop()!;
  await new Promise((r) => setTimeout(r, 3000)); // summons and the first position refresh, as below
  await prime(Number(values.prime));
  await stopPeer(first);
  console.log(`primed: ${values.prime} s of traffic answered by another service process, now stopped`);
}

/** --prime, --warm: S s of unrecorded traffic, until answered (no command job for twice the batching delay). */
async function prime(seconds: number): Promise<void> {
  const primed = new Promise<void>((resolve) =>
    events.on("message", (m: { primed?: number }) => m.primed !== undefined && resolve()),
  );
  events.send({ prime: seconds });
  await primed;
  for (let last = -1; ; ) {
    await new Promise((r) => setTimeout(r, 2 * BATCH_MS));
    const { commands } = await ask<{ commands: number }>(bridge, "progress");
    if (commands === last) break;
    last = commands;
  }
}

const config = loadConfig(serviceEnv("bench"));
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
if (process.env.NPC_COALESCE !== "0") coalesceRedisWrites(redis); // as main.ts does; 0: the comparison without
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const service = new NpcService(
  config,
  redis,
  createLogger({ name: "npc", level: process.env.NPC_BENCH_LOG ?? "silent" }),
);
const trace = values.trace ? new NpcTrace(service) : undefined;
await service.start();
for (let i = 1; i < SERVICES; i++) await startPeer("npc", { env: serviceEnv(`bench${i}`) });
if (SERVICES > 1) await sharedOut();
await new Promise((r) => setTimeout(r, 3000)); // summons and the first position refresh
if (Number(values.warm) > 0) {
  await prime(Number(values.warm));
  console.log(`warmed: ${values.warm} s of traffic answered by this service before the measured run`);
}

/** Waits until each service process owns its share of the NPCs (their leases name it). */
async function sharedOut(): Promise<void> {
  const share = Math.ceil(NPCS / SERVICES);
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    const owners = await redis.mget(...raw.map((n) => redisKeys(prefix).npcLease(n.id)));
    const counts = new Map<string, number>();
    for (const owner of owners.flatMap((o) => (o ? [o.split(":")[0]!] : [])))
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    if (counts.size === SERVICES && [...counts.values()].every((n) => n <= share)) {
      console.log(`NPCs per service process: ${[...counts.values()].join(", ")}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the service processes did not share the NPCs within 60 s");
}

console.log(
  `${NPCS} NPCs, ${RATE} chat lines/s for ${SECONDS} s (${total} lines, ${ARRIVALS === "even" ? "evenly spaced, naming the NPCs in turn" : `Poisson arrivals naming random NPCs, --seed ${SEED}`}), batching ${BATCH_MS} ms, 0-ms LLM`,
);
/** The service's dropped-line counts by reason (--warm's traffic counts too: taken before the run). */
async function dropReasons(): Promise<Map<string, number>> {
  const reasons = new Map<string, number>();
  for (const v of (await service.metrics.dropped.get()).values)
    reasons.set(String(v.labels.reason), (reasons.get(String(v.labels.reason)) ?? 0) + v.value);
  return reasons;
}
const droppedBefore = await dropReasons();
const profiler = values.profile ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post("Profiler.enable");
  await profiler.post("Profiler.start");
}
trace?.start();
const eventLoop = monitorEventLoopDelay({ resolution: 5 });
eventLoop.enable();
const cpuBefore = process.cpuUsage();
const peerCpuBefore = await peerCpu();
const sent = new Promise<number>((resolve) =>
  events.on("message", (m: { sent?: number }) => m.sent !== undefined && resolve(m.sent)),
);
events.send("go");
const sendSeconds = await sent;
const deadline = Date.now() + 30_000;
while (Date.now() < deadline) {
  const { answered } = await ask<{ answered: number }>(bridge, "progress");
  if (answered >= total) break;
  await new Promise((r) => setTimeout(r, 200));
}
eventLoop.disable();
trace?.stop();
const cpu = process.cpuUsage(cpuBefore);
const rssAfterRun = process.memoryUsage().rss;
const peerCpuUsed = (await peerCpu()).map((c, i) => c - peerCpuBefore[i]!);

if (profiler) {
  const { profile } = await profiler.post("Profiler.stop");
  mkdirSync(values.profile!, { recursive: true }); // the peers create it only when they exit
  writeFileSync(join(values.profile!, "npc-service.cpuprofile"), JSON.stringify(profile));
  profiler.disconnect();
}

// Memory per NPC with a full history: fill every history to 100 entries, measure Redis and heap
// (before the run's records come over from the peers: they are the benchmark's, not the service's).
const line = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.";
for (let i = 0; i < NPCS; i++) {
  await service.history.clear(`npc${i}`);
  await service.history.append(
    `npc${i}`,
    Array.from({ length: 100 }, (_, j) =>
      j % 2
        ? { kind: "said" as const, text: line, at: Date.now() }
        : { kind: "heard" as const, sender: `P${i}`, text: line, at: Date.now() },
    ),
  );
}
let redisBytes = 0;
let inboxBytes = 0;
const usage = async (key: string) => Number((await redis.memory("USAGE", key)) ?? 0);
for (let i = 0; i < NPCS; i++) {
  redisBytes += await usage(service.history.key(`npc${i}`));
  inboxBytes += await usage(redisKeys(prefix).npcInbox(`npc${i}`));
}
let markers = 0;
for (let cursor = "0"; ; ) {
  const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:npc:done:*`, "COUNT", 1000);
  markers += keys.length;
  cursor = next;
  if (cursor === "0") break;
}
global.gc?.();
const heapPerNpc = (process.memoryUsage().heapUsed - heapBefore) / NPCS;
const memory = `memory per NPC with 100 history entries: Redis ${(redisBytes / NPCS / 1024).toFixed(1)} KiB history + ${(inboxBytes / NPCS / 1024).toFixed(1)} KiB inbox stream (${markers} "answered" markers left), process heap ${(heapPerNpc / 1024).toFixed(1)} KiB${global.gc ? "" : " (run with --expose-gc for a steadier heap number)"}; the service's RSS at the end of the run ${(rssAfterRun / 2 ** 20).toFixed(0)} MiB`;

const { stored: storedAt } = await ask<{ stored: number[] }>(events, "results");
const { jobs } = await ask<{ jobs: [number[], number][] }>(bridge, "results");
const stored = new Map(storedAt.map((t, n) => [n, t]));
/** When each line was first answered. */
const answered = new Map<number, number>();
for (const [lines, t] of jobs) for (const n of lines) if (!answered.has(n)) answered.set(n, t);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const latencies = [...stored]
  .flatMap(([n, t]) => (answered.has(n) ? [answered.get(n)! - t] : []))
  .sort((a, b) => a - b);
const pct = (p: number) => percentile(latencies, p);
// A batch is due BATCH_MS after its first line arrived (at the earliest: after it was stored);
// what its answer takes beyond that is the pipeline's own time. Each batch: [first stored, overhead].
const batches = jobs.flatMap(([lines, t]) => {
  const first = Math.min(...lines.map((n) => stored.get(n) ?? Number.POSITIVE_INFINITY));
  return Number.isFinite(first) ? [[first, t - first - BATCH_MS] as const] : [];
});
const overheads = batches.map(([, overhead]) => overhead).sort((a, b) => a - b);
// The same per second of the run (by the batch's first line): a fresh process is slower at first
// (JIT compilation, first reads of every history), so --warmup S also reports the batches after S s.
const start = [...stored.values()].reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
const bySecond = new Map<number, number[]>();
for (const [first, overhead] of batches) {
  const second = Math.floor((first - start) / 1000);
  const list = bySecond.get(second) ?? [];
  list.push(overhead);
  bySecond.set(second, list);
}
const seconds = [...bySecond].sort((a, b) => a[0] - b[0]);
const reasons = await dropReasons();
for (const [reason, n] of droppedBefore) reasons.set(reason, (reasons.get(reason) ?? 0) - n);
// own_line: each NPC's spoken line reaches the NPCs around it, never the speaker itself (by design).
const byDesign = (reason: string) => reason === "own_line";
const list = (keep: (reason: string) => boolean) =>
  [...reasons].flatMap(([r, n]) => (keep(r) ? [`${r} ${n}`] : [])).join(", ") || "none";
console.log(
  `sent at ${(total / sendSeconds).toFixed(0)} lines/s; answered ${answered.size}/${total}; dropped or skipped: ${list((r) => !byDesign(r))}; NPC lines not fed back to their speaker: ${list(byDesign)}`,
);
console.log(
  `stored -> tellraw job completed: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)} ms`,
);
console.log(
  `per answered batch, its first line stored -> tellraw completed, minus the ${BATCH_MS} ms batching delay: p50 ${percentile(overheads, 50)} ms, p99 ${percentile(overheads, 99)} ms (${overheads.length} batches, ${overheads.filter((o) => o > TARGET_MS).length} over ${TARGET_MS} ms)`,
);
const WARMUP = Number(values.warmup);
if (WARMUP > 0) {
  const after = seconds.flatMap(([second, list]) => (second >= WARMUP ? list : [])).sort((a, b) => a - b);
  console.log(
    `  the same after the first ${WARMUP} s: p50 ${percentile(after, 50)} ms, p99 ${percentile(after, 99)} ms (${after.length} batches)`,
  );
}
if (values["by-second"]) {
  for (const [second, list] of seconds) {
    list.sort((a, b) => a - b);
    console.log(
      `  second ${second}: p50 ${percentile(list, 50)}, p99 ${percentile(list, 99)}, max ${list.at(-1)} ms (${list.length} batches, ${list.filter((o) => o > TARGET_MS).length} over ${TARGET_MS} ms)`,
    );
  }
}
const ms = (ns: number) => (ns / 1e6).toFixed(1);
console.log(
  `NPC service${SERVICES > 1 ? ` (${SERVICES} processes; the event loop: this one's)` : ""}: CPU ${((cpu.user + cpu.system) / 1000 / total + peerCpuUsed.slice(3).reduce((a, b) => a + b, 0) / total).toFixed(3)} ms per line, event loop delay p50 ${ms(eventLoop.percentile(50))} ms, p99 ${ms(eventLoop.percentile(99))} ms; peers' CPU per line: LLM ${(peerCpuUsed[0]! / total).toFixed(3)} ms, bridge ${(peerCpuUsed[1]! / total).toFixed(3)} ms`,
);
if (trace) {
  if (WARMUP > 0) console.log(`trace of the batches after the first ${WARMUP} s:`);
  console.log(trace.report(stored, answered, start + WARMUP * 1000));
}

console.log(memory);

await service.close();
for (const child of peers) await stopPeer(child);
await dropKeys(redis, prefix);
redis.disconnect();
process.exit(0);

/**
 * Resharding under load (issue 30): a local Redis Cluster (three primaries on loopback), the real
 * bridge on a redis+cluster:// URL serving one Minecraft server (a light RCON peer that answers
 * `mcpbridge` like the mod and counts executions per request id), producers sending signed write
 * jobs (`execute_command`, through the MCP server's JobClient) the whole time. Midway, the slot of the server's hash tag `{s1}` (its
 * queue, lease, events) moves to another primary the way `redis-cli --cluster reshard` moves it:
 * CLUSTER SETSLOT IMPORTING/MIGRATING, MIGRATE of its keys in batches, SETSLOT NODE on every primary.
 * Out: the migration's duration, jobs sent/completed/failed, requests run twice
 * on the server, and the longest time without a completed job (against the same before the move).
 * Run: npx tsx --tsconfig bridge/tsconfig.json scripts/bench/cluster-reshard.ts
 *   [--ports=23000,23001,23002] [--lanes=8] [--seconds=4] (before and after the move)
 *   [--batch=10] (keys per MIGRATE) [--pause-ms=20] (between batches: a longer window with split keys)
 */

import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { connectRedis, createLogger, keySlot, redisKeys } from "@mcp-bridge/shared";
import { JobClient } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";
import { createBridge } from "../../bridge/src/bridge.js";
import { ModPeer } from "../../bridge/testing/mod-peer.js";
import { testConfig } from "../../bridge/testing/test-config.js";
import { moveSlot, startCluster } from "../../shared/testing/redis-ha.js";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const PORTS = arg("ports", "23000,23001,23002").split(",").map(Number);
const LANES = Number(arg("lanes", "8"));
const SECONDS = Number(arg("seconds", "4"));
const BATCH = Number(arg("batch", "10"));
const PAUSE_MS = Number(arg("pause-ms", "20"));
const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rejections nobody awaited (a library's promise failing during the move): counted, not fatal. */
const unhandled = new Map<string, number>();
process.on("unhandledRejection", (error) => {
  const key = String((error as Error)?.message ?? error).slice(0, 80);
  unhandled.set(key, (unhandled.get(key) ?? 0) + 1);
});
const cluster = await startCluster(PORTS);
const node = (port: number) => new Redis({ host: "127.0.0.1", port });
const nodes = PORTS.map(node);
const peer = new ModPeer();
const url = `redis+cluster://${PORTS.map((p) => `127.0.0.1:${p}`).join(",")}`;
const config = testConfig(await peer.server.listen(), { REDIS_URL: url, BRIDGE_PORT: "0" });
/** The bridge's warnings and errors go to a file, summed up by message at the end. */
const logDir = mkdtempSync(join(tmpdir(), "bench-reshard-"));
const logFile = join(logDir, "bridge.log");
const logger = createLogger({ name: "bridge", level: "warn", fd: openSync(logFile, "w") });
const warnings = () => {
  const counts = new Map<string, number>();
  for (const line of readFileSync(logFile, "utf8").split("\n").filter(Boolean)) {
    const { msg, err } = JSON.parse(line) as { msg: string; err?: { message?: string } };
    const key = `${msg}${err?.message ? `: ${err.message.slice(0, 60)}` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([m, c]) => `${c}x ${m}`).join("; ") || "none";
};
const bridge = createBridge(config, { probeVersion: async () => "1.21.1", logger, http: false });
const jobs = new JobClient({
  redis: connectRedis(url, { maxRetriesPerRequest: 3 }),
  prefix: config.redisPrefix,
  secret: config.jobSecret,
  timeoutMs: 60_000,
  logger: createLogger({ name: "bench-reshard", level: "silent" }),
});

/** Which primary serves `slot` now (index in PORTS). */
async function owner(slot: number): Promise<number> {
  const ids = await Promise.all(nodes.map(async (n) => String(await n.call("CLUSTER", "MYID"))));
  const ranges = (await nodes[0]!.call("CLUSTER", "SLOTS")) as [number, number, [string, number, string]][];
  return ids.indexOf(ranges.find(([lo, hi]) => slot >= lo && slot <= hi)![2][2]);
}

const completions: number[] = [];
let added = 0;
let pending = 0;
let stop = false;
const failures = new Map<string, number>();
const admin = { id: "alice", role: "admin" };

/** Write jobs one after another, as an MCP server sends them (JobClient: add, then wait for the reply). */
async function lane(n: number): Promise<void> {
  for (let i = 0; !stop; i++) {
    added++;
    try {
      const outcome = await jobs.run("s1", "execute_command", { command: `say lane ${n} job ${i}` }, admin);
      if (outcome.status === "completed") completions.push(Date.now());
      else pending++;
    } catch (error) {
      const reason = (error as Error).message.slice(0, 80);
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
      await sleep(50);
    }
  }
}

const longestGap = (from: number, to: number) => {
  const times = [from, ...completions.filter((t) => t > from && t < to), to].sort((a, b) => a - b);
  return Math.max(...times.slice(1).map((t, i) => t - times[i]!));
};

try {
  await bridge.start();
  const slot = keySlot(redisKeys(config.redisPrefix).lease("s1"));
  const lanes = Array.from({ length: LANES }, (_, n) => lane(n));
  const loadStart = Date.now();
  await sleep(SECONDS * 1000);
  const keysBefore = Number(await nodes[await owner(slot)]!.call("CLUSTER", "COUNTKEYSINSLOT", slot));
  const moveStart = Date.now();
  const { from, to, keys: moved } = await moveSlot(cluster, slot, { batch: BATCH, pauseMs: PAUSE_MS });
  const moveEnd = Date.now();
  await sleep(SECONDS * 1000);
  stop = true;
  await Promise.all(lanes);
  const loadEnd = Date.now();
  logger.flush();
  await sleep(100);
  const runTwice = [...peer.executions.values()].filter((count) => count > 1).length;
  const servedAfter = (await owner(slot)) === to;
  console.log(
    `reshard: slot ${slot} ({s1}: queue, lease, events; ${keysBefore} keys) moved from primary ${from} to ${to} ` +
      `in ${moveEnd - moveStart} ms (${moved} keys, MIGRATE batches of ${BATCH}, ${PAUSE_MS} ms apart); ` +
      `now served by the target: ${servedAfter}`,
  );
  console.log(
    `jobs: ${added} sent, ${completions.length} completed, ${pending} still pending after 60 s, ` +
      `${[...failures.values()].reduce((a, b) => a + b, 0)} failed or refused` +
      `${failures.size > 0 ? ` (${[...failures].map(([r, c]) => `${c}x ${r}`).join("; ")})` : ""}; ` +
      `requests run twice on the server: ${runTwice} of ${peer.executions.size}; ` +
      `bridge warnings/errors: ${warnings()}; ` +
      `unhandled rejections: ${[...unhandled].map(([m, c]) => `${c}x ${m}`).join("; ") || "none"}`,
  );
  console.log(
    `longest time without a completed job: before the move ${longestGap(loadStart, moveStart)} ms, ` +
      `from the move's start to ${SECONDS} s after its end ${longestGap(moveStart, loadEnd)} ms ` +
      `(${completions.filter((t) => t >= moveStart && t <= moveEnd).length} completed during the move; ` +
      `first completion after its end: +${(completions.find((t) => t > moveEnd) ?? Number.NaN) - moveEnd} ms); ` +
      `${round(completions.length / ((loadEnd - loadStart) / 1000), 1)} jobs/s over the run (${LANES} lanes); ` +
      `load average ${loadavg().map((l) => round(l))}`,
  );
} finally {
  stop = true;
  await jobs.close().catch(() => undefined);
  await bridge.stop().catch(() => undefined);
  await peer.server.close();
  for (const n of nodes) n.disconnect();
  await cluster.stop();
  rmSync(logDir, { recursive: true, force: true });
}

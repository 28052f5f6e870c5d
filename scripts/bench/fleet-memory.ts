/**
 * Bridge memory per served server (issue 30): one bridge process given N servers (light RCON peers
 * over real TCP, half mod, half vanilla, each with a log file), against the same bridge given one.
 * The bridge owns every server (a fleet of one), all idle. Prints the RSS per owned idle server;
 * --standby=1 runs the N-server bridge with every lease held elsewhere (what standing by costs). --snapshot=<dir> writes a heap snapshot of the N-server bridge there (SIGUSR2).
 * Run: REDIS_URL=redis://127.0.0.1:6379 npx tsx --tsconfig bridge/tsconfig.json scripts/bench/fleet-memory.ts
 *   [--servers=100] [--settle=8] [--standby=1] [--semi-space=MiB] [--snapshot=<dir>]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { childEnv, kill, startChild, writeServersFile } from "../../bridge/testing/bridge-processes.js";
import { ModPeer } from "../../bridge/testing/mod-peer.js";
import { testConfig } from "../../bridge/testing/test-config.js";
import { until } from "../../shared/testing/processes.js";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const SERVERS = Number(arg("servers", "100"));
const SETTLE_S = Number(arg("settle", "8"));
const STANDBY = arg("standby", "0") === "1";
const SNAPSHOT = arg("snapshot", "");
/** The bridges' V8 young generation cap (--max-semi-space-size, MiB); 0: V8's default. */
const SEMI_SPACE = Number(arg("semi-space", "0"));

const dir = mkdtempSync(join(tmpdir(), "bench-fleet-memory-"));
const ids = Array.from({ length: SERVERS }, (_, i) => `mem${i}`);
const peers = ids.map((_, i) => new ModPeer({ mod: i % 2 === 0 }));
const ports: number[] = [];
for (const peer of peers) ports.push(await peer.server.listen());
const config = testConfig(ports[0]!);
const status = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) /
  1024;
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

const serversFile = (list: string[]) =>
  writeServersFile(
    join(dir, `servers-${list.length}.json`),
    list.map((id, i) => {
      writeFileSync(join(dir, `${id}.log`), "");
      return { id, rconPort: ports[i]!, logFile: join(dir, `${id}.log`) };
    }),
  );
const env = (file: string, prefix: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv =>
  childEnv({ ...config, redisPrefix: prefix }, "mem", {
    CHILD_VANILLA: "1",
    BRIDGE_SERVERS_FILE: file,
    LEASE_TTL_MS: "5000",
    LOG_LEVEL: "warn",
    ...extra,
  });
const redis = new Redis(config.redisUrl);
const measure = async (count: number, prefix: string) => {
  const keys = redisKeys(prefix);
  const held = STANDBY && count > 1;
  if (held) for (const id of ids) await redis.set(keys.lease(id), "elsewhere", "PX", 600_000);
  const nodeOptions = [
    SEMI_SPACE > 0 ? `--max-semi-space-size=${SEMI_SPACE}` : "",
    SNAPSHOT && count > 1 ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${SNAPSHOT}` : "",
  ].join(" ");
  const child = await startChild(
    env(serversFile(ids.slice(0, count)), prefix, nodeOptions.trim() ? { NODE_OPTIONS: nodeOptions } : {}),
  );
  if (!held)
    await until(
      async () =>
        (await Promise.all(ids.slice(0, count).map((id) => redis.get(keys.lease(id))))).every(Boolean),
      "every lease taken",
      60_000,
    );
  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  const rss = status(child.pid!, "VmRSS");
  if (SNAPSHOT && count > 1) {
    const before = new Set(readdirSync(SNAPSHOT));
    child.kill("SIGUSR2");
    const file = await until(
      async () => readdirSync(SNAPSHOT).find((f) => !before.has(f) && f.endsWith(".heapsnapshot")) ?? "",
      "the snapshot",
      120_000,
    );
    // Written in pieces: done when its size stops changing.
    for (let last = -1; ; await new Promise((r) => setTimeout(r, 2000))) {
      const size = statSync(join(SNAPSHOT, file)).size;
      if (size > 0 && size === last) break;
      last = size;
    }
  }
  await kill(child);
  if (held) for (const id of ids) await redis.del(keys.lease(id));
  return rss;
};

try {
  const base = await measure(1, `${config.redisPrefix}-one`);
  const many = await measure(SERVERS, `${config.redisPrefix}-many`);
  console.log(
    `fleet memory: ${SERVERS} servers ${STANDBY ? "on standby (leases held elsewhere)" : "owned, idle"}` +
      `${SEMI_SPACE > 0 ? `, --max-semi-space-size=${SEMI_SPACE}` : ""}: ` +
      `RSS one-server bridge ${round(base, 1)} MiB, ${SERVERS}-server bridge ${round(many, 1)} MiB => ` +
      `${round((many - base) / (SERVERS - 1))} MiB per server; load average ${loadavg().map((l) => round(l))}`,
  );
} finally {
  await redis.quit();
  await Promise.all(peers.map((peer) => peer.server.close()));
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Fleet benchmark (issue 30): many Minecraft servers shared by several bridge processes.
 * In: N servers (light RCON peers over real TCP that speak the protocol: half answer `mcpbridge` like
 * the mod, half like a server without it, `list` included; plus a few devservers with the real mod
 * core when its jar is built) and B bridge processes (bridge/testing/bridge-child.ts,
 * the real composition root) given the same servers file, each server's log tailed by its owner
 * (events from the logs of the servers without the mod: where the mod runs, it delivers them).
 * Out: lease balance (max/min servers per bridge), bridge memory per idle server (RSS over a
 * one-server bridge's), jobs/s and events/s in total under load, then one bridge SIGKILLed: per
 * server, when its lease names a survivor and when a job on it completes again, against 2 x TTL.
 * Run: REDIS_URL=redis://127.0.0.1:6379 npx tsx --tsconfig bridge/tsconfig.json scripts/bench/fleet.ts
 *   [--servers=200] [--bridges=4] [--devservers=3] [--ttl=5000] [--seconds=10] [--inflight=400]
 *   [--event-rate=2000] (log lines/s over all servers) [--semi-space=8] (the bridges' V8 young generation cap, MiB; 0: V8's default)
 */
import type { ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, redisKeys } from "@mcp-bridge/shared";
import { JobClient } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";
import { childEnv, kill, startChild, writeServersFile } from "../../bridge/testing/bridge-processes.js";
import { ModPeer, PASSWORD } from "../../bridge/testing/mod-peer.js";
import { EVENTS_TOKEN, testConfig } from "../../bridge/testing/test-config.js";
import { DEVSERVER_JAR, type RunningDevserver, startDevserver } from "../../shared/testing/devserver.js";
import { until } from "../../shared/testing/processes.js";
import { percentiles } from "./chain-stats.js";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const SERVERS = arg("servers", 200);
const BRIDGES = arg("bridges", 4);
const DEVSERVERS = existsSync(DEVSERVER_JAR) ? Math.min(arg("devservers", 3), SERVERS) : 0;
const TTL_MS = arg("ttl", 5000);
const SECONDS = arg("seconds", 10);
const INFLIGHT = arg("inflight", 400);
const EVENT_RATE = arg("event-rate", 2000);
/** The bridges' --max-semi-space-size (MiB), as docker-compose.ha.yml runs them; 0: V8's default. */
const SEMI_SPACE = arg("semi-space", 8);
const CLIENT = { id: "alice", role: "admin" };

const ids = Array.from({ length: SERVERS }, (_, i) => `fleet${i}`);
const dir = mkdtempSync(join(tmpdir(), "bench-fleet-"));
const logOf = (id: string) => join(dir, `${id}.log`);
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

const peers = ids.slice(DEVSERVERS).map((_, i) => new ModPeer({ mod: i % 2 === 0 }));
/** The log tail delivers events only where no mod does: lines go to the servers without it. */
const vanillaIds = ids.filter((_, i) => i >= DEVSERVERS && (i - DEVSERVERS) % 2 === 1);
const devservers: RunningDevserver[] = [];
const procs: ChildProcess[] = [];
const ports: number[] = [];
for (let i = 0; i < DEVSERVERS; i++) {
  const d = await startDevserver({ password: PASSWORD, serverId: ids[i], eventsToken: EVENTS_TOKEN });
  devservers.push(d);
  ports.push(d.rconPort);
}
for (const peer of peers) ports.push(await peer.server.listen());
for (const id of ids) writeFileSync(logOf(id), "");

const config = testConfig(ports[0]!);
const serversFile = (list: string[]) =>
  writeServersFile(
    join(dir, `servers-${list.length}.json`),
    list.map((id) => ({ id, rconPort: ports[ids.indexOf(id)]!, logFile: logOf(id) })),
  );
const env = (owner: string, file: string, prefix = config.redisPrefix): NodeJS.ProcessEnv =>
  childEnv({ ...config, redisPrefix: prefix }, owner, {
    CHILD_VANILLA: "1",
    BRIDGE_SERVERS_FILE: file,
    LEASE_TTL_MS: String(TTL_MS),
    LOG_LEVEL: process.env.CHILD_LOG_LEVEL ?? "warn",
    ...(SEMI_SPACE > 0 && { NODE_OPTIONS: `--max-semi-space-size=${SEMI_SPACE}` }),
  });
const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
const keys = redisKeys(config.redisPrefix);
const jobs = new JobClient({
  redis,
  prefix: config.redisPrefix,
  secret: config.jobSecret,
  timeoutMs: 120_000,
  logger: createLogger({ name: "bench-fleet", level: "silent" }),
});
const owners = () =>
  Promise.all(ids.map(async (id) => (await redis.get(keys.lease(id)))?.split(":")[0] ?? "-"));
const spread = (held: string[], names: string[]) => names.map((n) => held.filter((o) => o === n).length);
const settled = async (names: string[]) => {
  const counts = spread(await owners(), names);
  return counts.reduce((a, b) => a + b, 0) === SERVERS && Math.max(...counts) - Math.min(...counts) <= 1;
};
const ping = async (id: string) => {
  const out = await jobs.run(id, "get_online_players", {}, CLIENT);
  if (out.status !== "completed") throw new Error(`job on ${id} ended ${out.status}`);
};

try {
  console.log(
    `fleet: ${SERVERS} servers (${DEVSERVERS} devservers, ${peers.length} light peers: half mod, half vanilla), ` +
      `${BRIDGES} bridges, lease TTL ${TTL_MS} ms${SEMI_SPACE > 0 ? `, --max-semi-space-size=${SEMI_SPACE}` : ""}; load average at start ${loadavg().map((l) => round(l, 2))}`,
  );

  // Baseline: one bridge with one server, under its own prefix (it owns its server at once).
  const base = await startChild(env("base", serversFile(ids.slice(0, 1)), `${config.redisPrefix}-base`));
  await new Promise((r) => setTimeout(r, 3000));
  const baseRss = rssMiB(base.pid!);
  await kill(base);

  const file = serversFile(ids);
  const names = Array.from({ length: BRIDGES }, (_, i) => `b${i}`);
  const started = Date.now();
  for (const name of names) procs.push(await startChild(env(name, file)));
  await until(() => settled(names), "the leases to settle", 30 * TTL_MS, 10);
  const settleMs = Date.now() - started;
  await Promise.all(ids.map((id) => ping(id)));
  await new Promise((r) => setTimeout(r, 2000));
  const counts = spread(await owners(), names);
  console.log(
    `balance: servers per bridge ${counts.join("/")}, max/min ${round(Math.max(...counts) / Math.min(...counts), 2)} ` +
      `(settled ${settleMs} ms after the first bridge started)`,
  );
  const idleRss = procs.map((p) => rssMiB(p.pid!));
  const perServer = idleRss.map((rss, i) => (rss - baseRss) / counts[i]!);
  console.log(
    `memory: one-server bridge ${round(baseRss)} MiB; fleet bridges ${idleRss.map((r) => round(r)).join(", ")} MiB ` +
      `=> ${perServer.map((m) => round(m, 2)).join(", ")} MiB per owned idle server (standby leases of the others included)`,
  );

  // Load: jobs over every server with INFLIGHT in flight, log lines spread over every server.
  const streamTotal = async () =>
    (await Promise.all(ids.map((id) => redis.xlen(keys.eventStream(id))))).reduce((a, b) => a + b, 0);
  const eventsBefore = await streamTotal();
  let done = 0;
  let written = 0;
  const loadEnd = Date.now() + SECONDS * 1000;
  const writer = setInterval(() => {
    const stamp = new Date().toTimeString().slice(0, 8);
    for (let k = 0; k < EVENT_RATE / 20; k++) {
      const id = vanillaIds[written % vanillaIds.length]!;
      appendFileSync(logOf(id), `[${stamp}] [Server thread/INFO]: <Steve> line ${written}\n`);
      written++;
    }
  }, 50);
  const loadStart = Date.now();
  await Promise.all(
    Array.from({ length: INFLIGHT }, async (_, lane) => {
      for (let n = lane; Date.now() < loadEnd; n += INFLIGHT) {
        await ping(ids[n % SERVERS]!);
        done++;
      }
    }),
  );
  const loadSeconds = (Date.now() - loadStart) / 1000;
  clearInterval(writer);
  await until(
    async () => (await streamTotal()) - eventsBefore >= written,
    "the events to be stored",
    60_000,
    10,
  ).catch(() => undefined);
  const stored = (await streamTotal()) - eventsBefore;
  const eventsSeconds = (Date.now() - loadStart) / 1000;
  console.log(
    `load: ${round(done / loadSeconds)} jobs/s (get_online_players, ${INFLIGHT} in flight, ${done} jobs in ${round(loadSeconds)} s); ` +
      `${round(stored / eventsSeconds)} events/s stored from the logs of the ${vanillaIds.length} servers without the mod (${stored} of ${written} lines in ${round(eventsSeconds)} s); ` +
      `bridge RSS ${procs.map((p) => round(rssMiB(p.pid!))).join(", ")} MiB; load average ${loadavg().map((l) => round(l, 2))}`,
  );

  // Takeover: SIGKILL one bridge; per orphaned server, when its lease names a survivor and when a job runs again.
  const before = await owners();
  const orphans = ids.filter((_, i) => before[i] === names[1]);
  const killedAt = Date.now();
  await kill(procs[1]!);
  const leaseMs = new Map<string, number>();
  const servedMs = new Map<string, number>();
  const served = Promise.all(
    orphans.map((id) => ping(id).then(() => servedMs.set(id, Date.now() - killedAt))),
  );
  await until(
    async () => {
      const now = await owners();
      for (const id of orphans) {
        const owner = now[ids.indexOf(id)];
        if (!leaseMs.has(id) && owner !== "-" && owner !== names[1]) leaseMs.set(id, Date.now() - killedAt);
      }
      return leaseMs.size === orphans.length;
    },
    "the takeover",
    10 * TTL_MS,
    10,
  );
  await served;
  const survivors = names.filter((n) => n !== names[1]);
  await until(() => settled(survivors), "the survivors to settle", 30 * TTL_MS, 10);
  const after = spread(await owners(), survivors);
  const p = (m: Map<string, number>) => percentiles([...m.values()]);
  const lease = p(leaseMs);
  const job = p(servedMs);
  console.log(
    `takeover of ${orphans.length} servers after SIGKILL (2 x TTL = ${2 * TTL_MS} ms): lease p50 ${lease.p50} ms, max ${lease.max} ms; ` +
      `served again (a job completed) p50 ${job.p50} ms, max ${job.max} ms; survivors then ${after.join("/")}`,
  );
} finally {
  for (const p of procs) await kill(p);
  await jobs.close();
  await redis.quit();
  await Promise.all(peers.map((peer) => peer.server.close()));
  await Promise.all(devservers.map((d) => d.stop()));
}

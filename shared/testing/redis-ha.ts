/**
 * Test support: a Redis primary, one replica and three Sentinels (quorum 2) on loopback ports, run
 * from the machine's redis-server (Sentinel mode is `redis-server <file> --sentinel`, which is what
 * Debian's redis-sentinel starts). Fast failure detection (down-after 1000 ms) so a failover test
 * takes seconds. Tests check redisServerAvailable() (redis-server.ts) first.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { holdFreePorts } from "./net.js";
import { until } from "./processes.js";
import { spawnRedisServer } from "./redis-server.js";

const MASTER_NAME = "mcpb-test";
const DOWN_AFTER_MS = 1000;

export interface SentinelSet {
  /** REDIS_URL for the processes under test. */
  url: string;
  primaryPort: number;
  replicaPort: number;
  /** SIGKILL the current primary (no shutdown save, no goodbye to the replica). */
  killPrimary(): Promise<void>;
  /** The port the Sentinels now name as primary. */
  currentPrimaryPort(): Promise<number>;
  stop(): Promise<void>;
}

export async function startSentinelSet(): Promise<SentinelSet> {
  const dir = mkdtempSync(join(tmpdir(), "redis-ha-"));
  const { ports, release } = await holdFreePorts(5);
  await release();
  const [primaryPort, replicaPort, ...sentinelPorts] = ports as [number, number, number, number, number];
  const procs = new Map<number, ChildProcess>();
  const server = (port: number, extra: string[]) => {
    procs.set(port, spawnRedisServer(port, dir, ["--dbfilename", `dump-${port}.rdb`, ...extra]));
  };
  // Diskless full sync at once (the default waits 5 s for more replicas to join).
  server(primaryPort, ["--repl-diskless-sync-delay", "0"]);
  server(replicaPort, ["--replicaof", "127.0.0.1", String(primaryPort)]);
  for (const port of sentinelPorts) {
    const file = join(dir, `sentinel-${port}.conf`);
    writeFileSync(
      file,
      [
        `port ${port}`,
        "bind 127.0.0.1",
        `dir ${dir}`,
        `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${primaryPort} 2`,
        `sentinel down-after-milliseconds ${MASTER_NAME} ${DOWN_AFTER_MS}`,
        `sentinel failover-timeout ${MASTER_NAME} 10000`,
        `sentinel parallel-syncs ${MASTER_NAME} 1`,
        "",
      ].join("\n"),
    );
    const proc = spawn("redis-server", [file, "--sentinel"], { stdio: "ignore" });
    procs.set(port, proc);
  }
  for (const port of [primaryPort, replicaPort, ...sentinelPorts])
    await until(() => answers(port), `redis-server on port ${port}`, 10_000);
  const sentinel = new Redis({ port: sentinelPorts[0], host: "127.0.0.1" });
  // A failover needs the Sentinels to know each other and the replica (hello messages, every 2 s).
  await until(
    async () => {
      const fields = (await sentinel.call("SENTINEL", "MASTER", MASTER_NAME)) as string[];
      const get = (k: string) => Number(fields[fields.indexOf(k) + 1]);
      return get("num-other-sentinels") === 2 && get("num-slaves") === 1;
    },
    "the Sentinels to find each other and the replica",
    20_000,
  );
  const replica = new Redis({ port: replicaPort, host: "127.0.0.1" });
  await until(
    async () => /master_link_status:up/.test(await replica.info("replication")),
    "the replica to finish its first sync",
    20_000,
  );
  replica.disconnect();
  const currentPrimaryPort = async () =>
    Number(((await sentinel.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER_NAME)) as string[])[1]);
  return {
    url: `redis+sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(",")}/${MASTER_NAME}`,
    primaryPort,
    replicaPort,
    currentPrimaryPort,
    async killPrimary() {
      const proc = procs.get(await currentPrimaryPort());
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise((resolve) => proc.once("exit", resolve));
      proc.kill("SIGKILL");
      await exited;
    },
    async stop() {
      sentinel.disconnect();
      for (const proc of procs.values()) proc.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function answers(port: number): Promise<boolean> {
  const probe = new Redis({ port, host: "127.0.0.1", lazyConnect: true, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export interface LocalCluster {
  nodes: { host: string; port: number }[];
  stop(): Promise<void>;
}

/**
 * Three cluster primaries on loopback (no replicas), slots spread by `redis-cli --cluster create`;
 * on free ports, or on `fixedPorts` (a benchmark run in an assigned port range).
 */
export async function startCluster(fixedPorts?: readonly number[]): Promise<LocalCluster> {
  const dir = mkdtempSync(join(tmpdir(), "redis-cluster-"));
  let ports = fixedPorts ? [...fixedPorts] : [];
  if (!fixedPorts) {
    const held = await holdFreePorts(3);
    await held.release();
    ports = held.ports;
  }
  const procs = ports.map((port) =>
    spawnRedisServer(port, dir, [
      "--cluster-enabled",
      "yes",
      "--cluster-config-file",
      `nodes-${port}.conf`,
      "--cluster-node-timeout",
      "2000",
    ]),
  );
  const stop = async () => {
    for (const proc of procs) proc.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) await until(() => answers(port), `cluster node on port ${port}`, 10_000);
    execFileSync(
      "redis-cli",
      ["--cluster", "create", ...ports.map((p) => `127.0.0.1:${p}`), "--cluster-yes"],
      {
        stdio: "ignore",
      },
    );
    const probe = new Redis({ port: ports[0], host: "127.0.0.1" });
    await until(
      async () => /cluster_state:ok/.test(String(await probe.call("CLUSTER", "INFO"))),
      "cluster_state:ok",
      20_000,
    );
    probe.disconnect();
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes: ports.map((port) => ({ host: "127.0.0.1", port })), stop };
}

export interface SlotMove {
  /** Indexes in `cluster.nodes` of the primary that served the slot and the one that serves it now. */
  from: number;
  to: number;
  /** How many keys moved. */
  keys: number;
}

/**
 * Moves `slot` to the next primary the way `redis-cli --cluster reshard` does: SETSLOT IMPORTING on
 * the target and MIGRATING on the source, MIGRATE of its keys `batch` at a time (`pauseMs` apart),
 * then SETSLOT NODE on every primary. `whileSplit` runs once half of the keys have moved (scripts
 * over keys on both sides answer TRYAGAIN meanwhile).
 */
export async function moveSlot(
  cluster: LocalCluster,
  slot: number,
  options: { batch?: number; pauseMs?: number; whileSplit?: () => Promise<void> } = {},
): Promise<SlotMove> {
  const nodes = cluster.nodes.map((n) => new Redis({ host: n.host, port: n.port }));
  try {
    const ids = await Promise.all(nodes.map(async (n) => String(await n.call("CLUSTER", "MYID"))));
    const ranges = (await nodes[0]!.call("CLUSTER", "SLOTS")) as [number, number, [string, number, string]][];
    const from = ids.indexOf(ranges.find(([lo, hi]) => slot >= lo && slot <= hi)![2][2]);
    const to = (from + 1) % nodes.length;
    const [source, target] = [nodes[from]!, nodes[to]!];
    const total = Number(await source.call("CLUSTER", "COUNTKEYSINSLOT", slot));
    await target.call("CLUSTER", "SETSLOT", slot, "IMPORTING", ids[from]!);
    await source.call("CLUSTER", "SETSLOT", slot, "MIGRATING", ids[to]!);
    let moved = 0;
    let split = options.whileSplit;
    for (;;) {
      if (split && moved >= total / 2) {
        await split();
        split = undefined;
      }
      const keys = (await source.call("CLUSTER", "GETKEYSINSLOT", slot, options.batch ?? 10)) as string[];
      if (keys.length === 0) break;
      const { port } = cluster.nodes[to]!;
      await source.call("MIGRATE", "127.0.0.1", port, "", 0, 5000, "REPLACE", "KEYS", ...keys);
      moved += keys.length;
      if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
    }
    await split?.();
    for (const n of [target, source, ...nodes.filter((_, i) => i !== from && i !== to)])
      await n.call("CLUSTER", "SETSLOT", slot, "NODE", ids[to]!);
    return { from, to, keys: moved };
  } finally {
    for (const n of nodes) n.disconnect();
  }
}

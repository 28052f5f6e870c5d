/**
 * Ours vs the references, same devserver, same MCP client, same run: the floor (floor-server.ts +
 * floor-worker.ts: every call one BullMQ job, nothing else) and the direct-RCON baseline
 * (baseline-server.ts). In: a running stack, a transport ("http" or "stdio"), a session count and a
 * read mix. Out: one run of each side in turn: calls/s, latencies and the CPU of every process of
 * that configuration. HTTP: one server process for all sessions (ours: the stack's MCP server; the
 * floor: one server and its worker; the baseline: one process, one RCON connection). stdio: one
 * server process per session, as desktop clients run it (ours: mcp/dist/main.js; the floor: one
 * floor-server.ts each, one shared worker; the baseline: one RCON connection each). Over HTTP also
 * ours in one process (one-process.ts: MCP server and bridge in one Node process).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { freePort, httpOk, type Proc, REPO, startNode, until } from "../../shared/testing/processes.js";
import type { Stack } from "../../shared/testing/stack.js";
import { endSession, type Mix, sustained, type Throughput } from "./chain-calls.js";
import { type CpuShare, load, type Watched, withCpu } from "./chain-procs.js";
import { type CommandStats, commandStats, perCall as redisPerCallOf } from "./chain-redis.js";
import type { OneProcess } from "./one-process.js";

export type Transport = "http" | "stdio";
/** ours: the stack (bridge and MCP server, two processes); one: ours in one process (one-process.ts). */
export type Side = "ours" | "one" | "floor" | "baseline";

export interface CompareRun {
  transport: Transport;
  side: Side;
  mix: Mix;
  /** Which repetition of the ours/floor pair (1 = the first). */
  pair: number;
  run: Throughput;
  cpu: CpuShare;
  /** CPU ms per completed call, by process name; "server side" sums all but the bench clients. */
  cpuMsPerCall: Record<string, number>;
  /** CPU ms per completed call of the MCP server process(es) alone (the one(s) the client talks to). */
  mcpMsPerCall: number;
  /** Ours: Redis commands and Redis microseconds per completed call, by command. */
  redisPerCall?: CommandStats;
  load: string;
}

const BASELINE = `${REPO}scripts/bench/baseline-server.ts`;
const FLOOR = `${REPO}scripts/bench/floor-server.ts`;
const TSX = ["--import", "tsx"];

export interface Baseline {
  http: Proc;
  url: string;
  env: Record<string, string>;
}

/** `rconPort`: where the baseline reaches RCON (the devserver's own port, or a delay proxy's). */
export async function startBaseline(stack: Stack, rconPort = stack.devserver.rconPort): Promise<Baseline> {
  const env = {
    BASELINE_RCON_HOST: "127.0.0.1",
    BASELINE_RCON_PORT: String(rconPort),
    BASELINE_RCON_PASSWORD: stack.devserver.password,
    POLICY_FILE: stack.policyFile,
  };
  const port = await freePort();
  const http = startNode("bench-baseline", "scripts/bench/baseline-server.ts", ["--http", String(port)], {
    ...env,
    NODE_OPTIONS: TSX.join(" "),
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  await until(() => httpOk(url), `baseline HTTP server\n${http.output()}`, 60_000);
  return { http, url, env };
}

export interface Floor {
  http: Proc;
  worker: Proc;
  url: string;
  env: Record<string, string>;
}

/** The floor's worker (its own process) and its HTTP server, on their own queue under the stack's prefix. */
export async function startFloor(stack: Stack, rconPort = stack.devserver.rconPort): Promise<Floor> {
  const env = {
    FLOOR_REDIS_URL: stack.redisUrl,
    FLOOR_PREFIX: `${stack.prefix}:floor`,
    FLOOR_QUEUE: "floor",
    POLICY_FILE: stack.policyFile,
  };
  const worker = startNode("bench-floor-worker", "scripts/bench/floor-worker.ts", [], {
    ...env,
    FLOOR_RCON_HOST: "127.0.0.1",
    FLOOR_RCON_PORT: String(rconPort),
    FLOOR_RCON_PASSWORD: stack.devserver.password,
    NODE_OPTIONS: TSX.join(" "),
  });
  await until(() => worker.output().includes("ready"), `floor worker\n${worker.output()}`, 60_000);
  const port = await freePort();
  const http = startNode("bench-floor", "scripts/bench/floor-server.ts", ["--http", String(port)], {
    ...env,
    NODE_OPTIONS: TSX.join(" "),
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  await until(() => httpOk(url), `floor HTTP server\n${http.output()}`, 60_000);
  return { http, worker, url, env };
}

async function httpClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "bench-http", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

async function referenceStdio(script: string, env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "bench-stdio", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...TSX, script],
      cwd: REPO,
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: "ignore",
    }),
  );
  return client;
}

/** Opens `n` sessions, a few at a time (each stdio session starts a process). */
async function open(n: number, make: () => Promise<Client>): Promise<Client[]> {
  const out: Client[] = [];
  while (out.length < n) {
    const batch = Math.min(8, n - out.length);
    out.push(...(await Promise.all(Array.from({ length: batch }, make))));
  }
  return out;
}

const stdioPids = (clients: Client[]) =>
  clients.map((c) => (c.transport as StdioClientTransport | undefined)?.pid ?? Number.NaN);

export interface CompareOptions {
  stack: Stack;
  baseline: Baseline;
  floor: Floor;
  /** Ours in one process (HTTP only), for the side "one". */
  one?: OneProcess;
  /** In this order; ours and the floor alternate when repeated (chain.ts --pairs). */
  sides: Side[];
  mix: Mix;
  pair: number;
  transport: Transport;
  sessions: number;
  seconds: number;
  /** devserver (JVM), bridge, redis-server: the processes both sides share or ours adds. */
  devserver: Watched;
  ours: Watched[];
  progress: (line: string) => void;
}

const FRONT: Record<Side, string> = { ours: "MCP", one: "one-process", floor: "floor", baseline: "baseline" };

function connector(o: CompareOptions, side: Side): () => Promise<Client> {
  if (o.transport === "http") {
    const url = { ours: o.stack.mcpUrl, one: o.one?.url ?? "", floor: o.floor.url, baseline: o.baseline.url }[
      side
    ];
    return () => httpClient(url, o.stack.adminToken);
  }
  if (side === "ours") return () => o.stack.stdioClient();
  return side === "floor"
    ? () => referenceStdio(FLOOR, o.floor.env)
    : () => referenceStdio(BASELINE, o.baseline.env);
}

/** One run of each side in `o.sides`, with `sessions` sessions over `transport`. */
export async function compare(o: CompareOptions): Promise<CompareRun[]> {
  const out: CompareRun[] = [];
  for (const side of o.sides) {
    o.progress(`compare ${o.transport} ${o.mix}: ${side}, ${o.sessions} session(s) for ${o.seconds} s`);
    const clients = await open(o.sessions, connector(o, side));
    const watched: Watched[] = [o.devserver];
    if (side === "ours") watched.push(...o.ours);
    // The floor's worker and Redis: the floor's bridge and queue.
    if (side === "floor") watched.push({ name: "floor worker", pid: o.floor.worker.child.pid ?? Number.NaN });
    if (side === "floor" || side === "one") watched.push(...o.ours.filter((w) => w.name === "redis-server"));
    const front = o.transport === "http" ? `${FRONT[side]} server` : `${FRONT[side]} stdio x${o.sessions}`;
    if (o.transport === "http") {
      if (side !== "ours") {
        const proc = { floor: o.floor.http, baseline: o.baseline.http, one: o.one?.proc }[side]!;
        watched.push({ name: front, pid: proc.child.pid ?? Number.NaN });
      }
    } else {
      const [first, ...more] = stdioPids(clients);
      watched.push({ name: front, pid: first!, more });
    }
    try {
      const before = side === "ours" || side === "one" ? await commandStats(o.stack.redisUrl) : undefined;
      const [run, cpu, wall] = await withCpu(watched, () =>
        sustained(clients, o.seconds, 1000, undefined, o.mix),
      );
      const redisPerCall =
        before && redisPerCallOf(before, await commandStats(o.stack.redisUrl), run.completed);
      const perCall = (share: number) => ((share / 100) * wall * 1000) / Math.max(1, run.completed);
      const cpuMsPerCall: Record<string, number> = {};
      let server = 0;
      for (const [name, share] of Object.entries(cpu)) {
        cpuMsPerCall[name] = perCall(share);
        if (name !== "bench clients") server += perCall(share);
      }
      cpuMsPerCall["server side"] = server;
      out.push({
        transport: o.transport,
        side,
        mix: o.mix,
        pair: o.pair,
        run,
        cpu,
        cpuMsPerCall,
        mcpMsPerCall: cpuMsPerCall[front] ?? Number.NaN,
        redisPerCall,
        load: load().split(" ")[0]!,
      });
    } finally {
      await Promise.allSettled(clients.map(endSession));
    }
  }
  return out;
}

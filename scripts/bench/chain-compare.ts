/**
 * Ours vs the direct-RCON baseline (baseline-server.ts), same devserver, same MCP client, same run.
 * In: a running stack, a transport ("http" or "stdio") and session counts. Out: for each count, one
 * run of ours and, right after it, one of the baseline: calls/s, latencies and the CPU of every
 * process of that configuration. HTTP: one server process for all sessions (ours: the stack's MCP
 * server; the baseline: one process, one RCON connection). stdio: one server process per session,
 * as desktop clients run it (ours: mcp/dist/main.js; the baseline: one RCON connection each).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  freePort,
  httpOk,
  type Proc,
  REPO,
  startNode,
  until,
} from "../../mcp/tests/e2e/support/processes.js";
import type { Stack } from "../../mcp/tests/e2e/support/stack.js";
import { endSession, sustained, type Throughput } from "./chain-calls.js";
import { type CpuShare, load, type Watched, withCpu } from "./chain-procs.js";
import { type CommandStats, commandStats, perCall as redisPerCallOf } from "./chain-redis.js";

export type Transport = "http" | "stdio";
export type Side = "ours" | "baseline";

export interface CompareRun {
  transport: Transport;
  side: Side;
  run: Throughput;
  cpu: CpuShare;
  /** CPU ms per completed call, by process name; "server side" sums all but the bench clients. */
  cpuMsPerCall: Record<string, number>;
  /** Ours: Redis commands and Redis microseconds per completed call, by command. */
  redisPerCall?: CommandStats;
  load: string;
}

const BASELINE = `${REPO}scripts/bench/baseline-server.ts`;
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

async function httpClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "bench-http", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

async function baselineStdio(baseline: Baseline): Promise<Client> {
  const client = new Client({ name: "bench-stdio", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...TSX, BASELINE],
      cwd: REPO,
      env: { ...(process.env as Record<string, string>), ...baseline.env },
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
  transport: Transport;
  sessions: number;
  seconds: number;
  /** devserver (JVM), bridge, redis-server: the processes both sides share or ours adds. */
  devserver: Watched;
  ours: Watched[];
  progress: (line: string) => void;
}

/** One run of ours, then one of the baseline, with `sessions` sessions over `transport`. */
export async function compare(o: CompareOptions): Promise<CompareRun[]> {
  const out: CompareRun[] = [];
  for (const side of ["ours", "baseline"] as const) {
    o.progress(`compare ${o.transport}: ${side}, ${o.sessions} session(s) for ${o.seconds} s`);
    const make =
      o.transport === "http"
        ? () => httpClient(side === "ours" ? o.stack.mcpUrl : o.baseline.url, o.stack.adminToken)
        : () => (side === "ours" ? o.stack.stdioClient() : baselineStdio(o.baseline));
    const clients = await open(o.sessions, make);
    const watched: Watched[] = [o.devserver];
    if (side === "ours") watched.push(...o.ours);
    if (o.transport === "http") {
      if (side === "baseline")
        watched.push({ name: "baseline server", pid: o.baseline.http.child.pid ?? Number.NaN });
    } else {
      const [first, ...more] = stdioPids(clients);
      watched.push({
        name: `${side === "ours" ? "MCP" : "baseline"} stdio x${o.sessions}`,
        pid: first!,
        more,
      });
    }
    try {
      const before = side === "ours" ? await commandStats(o.stack.redisUrl) : undefined;
      const [run, cpu, wall] = await withCpu(watched, () => sustained(clients, o.seconds, 1000));
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
        run,
        cpu,
        cpuMsPerCall,
        redisPerCall,
        load: load().split(" ")[0]!,
      });
    } finally {
      await Promise.allSettled(clients.map(endSession));
    }
  }
  return out;
}

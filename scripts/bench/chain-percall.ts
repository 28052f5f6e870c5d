/**
 * CPU per call of each process, user and system time apart, with one session calling the read tool
 * back to back (issue 18's one-session case, without the baseline beside it). In: a running stack and
 * a transport. Out: per process, microseconds of user and system CPU and context switches per call,
 * and Redis's commands per call, over `calls` calls after 500 warm-up calls. A fixed number of calls
 * instead of a time window: the per-call figures are what survives a loaded machine.
 */
import { readFileSync } from "node:fs";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Stack } from "../../shared/testing/stack.js";
import { endSession, mcpSequential } from "./chain-calls.js";
import { load, type Watched } from "./chain-procs.js";
import { type CommandStats, commandStats, perCall } from "./chain-redis.js";
import { table } from "./chain-stats.js";

export interface ProcessCost {
  userUs: number;
  sysUs: number;
  voluntary: number;
  involuntary: number;
}

export interface PerCallRun {
  transport: "http" | "stdio";
  calls: number;
  callsPerSecond: number;
  errors: number;
  processes: Record<string, ProcessCost>;
  redis: CommandStats;
  load: string;
}

interface Sample {
  user: number;
  sys: number;
  voluntary: number;
  involuntary: number;
}

/** CPU ms (clock ticks of 10 ms) and context switches of a process so far. */
function sample(pid: number): Sample {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const count = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return {
    user: Number(fields[11]) * 10,
    sys: Number(fields[12]) * 10,
    voluntary: count("voluntary_ctxt_switches"),
    involuntary: count("nonvoluntary_ctxt_switches"),
  };
}

export async function perCallCost(
  stack: Stack,
  transport: "http" | "stdio",
  calls: number,
  shared: Watched[],
): Promise<PerCallRun> {
  const client: Client = transport === "http" ? await stack.httpClient() : await stack.stdioClient();
  try {
    await mcpSequential(client, 500);
    const watched: Watched[] = [...shared];
    if (transport === "stdio") {
      watched.push({ name: "MCP stdio", pid: (client.transport as StdioClientTransport).pid ?? Number.NaN });
    }
    const before = watched.map((w) => sample(w.pid));
    const self = process.cpuUsage();
    const redisBefore = await commandStats(stack.redisUrl);
    const t = performance.now();
    const run = await mcpSequential(client, calls);
    const seconds = (performance.now() - t) / 1000;
    const redis = perCall(redisBefore, await commandStats(stack.redisUrl), calls);
    const used = process.cpuUsage(self);
    const processes: Record<string, ProcessCost> = {};
    watched.forEach((w, i) => {
      const a = sample(w.pid);
      const b = before[i]!;
      processes[w.name] = {
        userUs: ((a.user - b.user) * 1000) / calls,
        sysUs: ((a.sys - b.sys) * 1000) / calls,
        voluntary: (a.voluntary - b.voluntary) / calls,
        involuntary: (a.involuntary - b.involuntary) / calls,
      };
    });
    processes["bench client"] = {
      userUs: used.user / calls,
      sysUs: used.system / calls,
      voluntary: Number.NaN,
      involuntary: Number.NaN,
    };
    return {
      transport,
      calls,
      callsPerSecond: calls / seconds,
      errors: run.errors,
      processes,
      redis,
      load: load().split(" ")[0]!,
    };
  } finally {
    await endSession(client);
  }
}

export function perCallTable(runs: PerCallRun[], md: boolean): string {
  const rows: string[][] = [];
  for (const r of runs) {
    let server = 0;
    for (const [name, c] of Object.entries(r.processes)) {
      if (name !== "bench client") server += c.userUs + c.sysUs;
      rows.push([
        r.transport,
        name,
        c.userUs.toFixed(0),
        c.sysUs.toFixed(0),
        Number.isFinite(c.voluntary) ? `${c.voluntary.toFixed(1)} / ${c.involuntary.toFixed(1)}` : "-",
        "",
      ]);
    }
    const redisCalls = Object.values(r.redis).reduce((n, v) => n + v.calls, 0);
    rows.push([
      r.transport,
      `server side (${Math.round(r.callsPerSecond)} calls/s, ${r.errors} errors, ${redisCalls.toFixed(1)} Redis commands/call)`,
      "",
      "",
      "",
      `${server.toFixed(0)} (load ${r.load})`,
    ]);
  }
  return table(
    ["transport", "process", "user us/call", "system us/call", "ctx switches vol/invol", "server us/call"],
    rows,
    md,
  );
}

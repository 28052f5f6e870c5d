/**
 * Ours in one process (one-process/dist/main.js: the MCP server over HTTP and the bridge in one Node
 * process, docs/deployment.md) as a side of the compare phase, next to ours in two processes (the
 * stack's bridge and MCP server) and the floor. It serves the stack's devserver over its own RCON
 * connection under its own Redis prefix, so the stack's bridge (idle meanwhile) does not hold its
 * lease. Out: `oneProcessTable`, the three side by side per pair: server CPU per call and calls/s.
 */
import { randomBytes } from "node:crypto";
import { freePort, httpOk, type Proc, startNode, until } from "../../shared/testing/processes.js";
import type { Stack } from "../../shared/testing/stack.js";
import type { CompareRun } from "./chain-compare.js";
import { ms, table } from "./chain-stats.js";

export interface OneProcess {
  proc: Proc;
  url: string;
}

export async function startOneProcess(
  stack: Stack,
  rconPort = stack.devserver.rconPort,
): Promise<OneProcess> {
  const [mcpPort, opsPort] = [await freePort(), await freePort()];
  const proc = startNode("bench-one-process", "one-process/dist/main.js", [], {
    REDIS_URL: stack.redisUrl,
    REDIS_PREFIX: `${stack.prefix}-one`,
    JOB_SECRET: stack.jobSecret,
    POLICY_FILE: stack.policyFile,
    MC_SERVER_ID: stack.serverId,
    MC_RCON_HOST: "127.0.0.1",
    MC_RCON_PORT: String(rconPort),
    MC_RCON_PASSWORD: stack.devserver.password,
    MC_STATUS_PORT: String(stack.devserver.statusPort),
    MC_EVENTS_TOKEN: randomBytes(18).toString("base64url"),
    MCP_HOST: "127.0.0.1",
    MCP_PORT: String(mcpPort),
    BRIDGE_HOST: "127.0.0.1",
    BRIDGE_PORT: String(opsPort),
    JOB_TIMEOUT_MS: "20000",
  });
  const url = `http://127.0.0.1:${mcpPort}/mcp`;
  // The devserver's mod sends its events to the stack's bridge, so /readyz says mod:<id> not ok here.
  const serving = async () => {
    const res = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
    const { checks } = (await res.json()) as { checks: Record<string, { ok: boolean }> };
    return checks.mcp?.ok && checks[`rcon:${stack.serverId}`]?.ok && (await httpOk(url));
  };
  await until(async () => proc.child.exitCode !== null || (await serving()), "one process", 60_000);
  if (proc.child.exitCode !== null) throw new Error(`the one process exited:\n${proc.output()}`);
  return { proc, url };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};
const x = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : "-");

/** Per transport, sessions and mix: medians over the pairs of ours (two processes), one process, floor. */
export function oneProcessTable(runs: CompareRun[], md: boolean): string {
  const keys = [
    ...new Set(runs.filter((r) => r.side === "one").map((r) => `${r.transport}|${r.run.clients}|${r.mix}`)),
  ];
  const rows = keys.map((key) => {
    const here = runs.filter((r) => `${r.transport}|${r.run.clients}|${r.mix}` === key);
    const of = (side: CompareRun["side"]) => here.filter((r) => r.side === side);
    const cpu = (side: CompareRun["side"]) => median(of(side).map((r) => r.cpuMsPerCall["server side"]!));
    const rate = (side: CompareRun["side"]) => median(of(side).map((r) => r.run.callsPerSecond));
    const loads = here.map((r) => Number(r.load));
    return [
      ...key.split("|"),
      String(of("one").length),
      ms(cpu("ours")),
      ms(cpu("one")),
      ms(cpu("floor")),
      x(cpu("one") / cpu("ours")),
      x(cpu("one") / cpu("floor")),
      rate("ours").toFixed(0),
      rate("one").toFixed(0),
      rate("floor").toFixed(0),
      x(rate("one") / rate("ours")),
      x(rate("one") / rate("floor")),
      `${Math.min(...loads)}-${Math.max(...loads)}`,
    ];
  });
  return table(
    [
      "transport",
      "sessions",
      "mix",
      "pairs",
      "server CPU ms/call: two processes",
      "one process",
      "floor",
      "one/two",
      "one/floor",
      "calls/s: two processes",
      "one process",
      "floor",
      "one/two",
      "one/floor",
      "load 1m",
    ],
    rows,
    md,
  );
}

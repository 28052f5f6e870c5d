/**
 * Ours vs the direct-RCON baseline (baseline-server.ts): one row per run, the ratios, and issue 29's
 * targets under concurrency. "calls/s" counts correct answers only (an answer the baseline's RCON
 * connection mixed up is an error, not a call).
 */
import type { CompareRun } from "./chain-compare.js";
import { errs } from "./chain-report.js";
import { int, ms, percentiles, table, verdict } from "./chain-stats.js";

const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : "-");

/** Issue 29: correct answers/s of ours over the baseline's, at 64 sessions, by transport and mix. */
const TARGETS: Array<{ transport: string; mix: string; atLeast: number }> = [
  { transport: "stdio", mix: "distinct", atLeast: 3 },
  { transport: "http", mix: "identical", atLeast: 1.5 },
  { transport: "http", mix: "distinct", atLeast: 0.75 },
];

function runRows(runs: CompareRun[]): string[][] {
  return runs.map(({ transport, side, mix, run, cpuMsPerCall, load }) => {
    const p = percentiles(run.latencies);
    const processes = Object.entries(cpuMsPerCall)
      .filter(([n]) => n !== "server side")
      .map(([n, v]) => `${n} ${ms(v)}`)
      .join(", ");
    return [
      transport,
      mix,
      String(run.clients),
      side,
      int(run.callsPerSecond),
      errs(run),
      ms(p.p50),
      ms(p.p99),
      ms(cpuMsPerCall["server side"]!),
      processes,
      load,
    ];
  });
}

/** The first pair's runs of ours and the baseline (the floor has its own table). */
export function compareTable(runs: CompareRun[], md: boolean): string {
  const rows = runRows(runs);
  const ratioRows: string[][] = [];
  const verdicts: string[] = [];
  for (const ours of runs.filter((r) => r.side === "ours")) {
    const base = runs.find(
      (r) =>
        r.side === "baseline" &&
        r.transport === ours.transport &&
        r.mix === ours.mix &&
        r.run.clients === ours.run.clients,
    );
    if (!base) continue;
    const o = percentiles(ours.run.latencies);
    const b = percentiles(base.run.latencies);
    const calls = ours.run.callsPerSecond / base.run.callsPerSecond;
    const n = ours.run.clients;
    ratioRows.push([
      ours.transport,
      ours.mix,
      String(n),
      ratio(ours.run.callsPerSecond, base.run.callsPerSecond),
      ms(o.p50 - b.p50),
      ratio(o.p50, b.p50),
      ratio(o.p99, b.p99),
      ratio(ours.cpuMsPerCall["server side"]!, base.cpuMsPerCall["server side"]!),
    ]);
    const target = TARGETS.find((t) => t.transport === ours.transport && t.mix === ours.mix);
    if (target && n === 64) {
      verdicts.push(
        `${ours.transport}, ${ours.mix}, 64 sessions: correct answers/s ours/baseline ${ratio(ours.run.callsPerSecond, base.run.callsPerSecond)} >= ${target.atLeast}x: ${verdict(calls >= target.atLeast)}`,
      );
    }
  }
  const stdio = runs.filter((r) => r.side === "ours" && r.transport === "stdio" && r.mix === "identical");
  const one = stdio.find((r) => r.run.clients === 1);
  const most = stdio.reduce<CompareRun | undefined>(
    (m, r) => (!m || r.run.clients > m.run.clients ? r : m),
    undefined,
  );
  if (one && most && most !== one) {
    verdicts.push(
      `ours, stdio: ${most.run.clients} processes ${int(most.run.callsPerSecond)} calls/s vs one ${int(one.run.callsPerSecond)} -> adding clients never lowers it: ${verdict(most.run.callsPerSecond >= one.run.callsPerSecond)}`,
    );
  }
  return [
    table(
      [
        "transport",
        "mix",
        "sessions",
        "server",
        "calls/s",
        "errors",
        "p50 ms",
        "p99 ms",
        "server CPU ms/call",
      ],
      rows.map((r) => r.slice(0, 9)),
      md,
    ),
    "",
    table(
      ["transport", "mix", "sessions", "server", "CPU ms per call by process", "load 1m"],
      rows.map((r) => [r[0]!, r[1]!, r[2]!, r[3]!, r[9]!, r[10]!]),
      md,
    ),
    "",
    redisTable(runs, md),
    "",
    table(
      [
        "transport",
        "mix",
        "sessions",
        "correct calls/s ours/baseline",
        "p50 overhead ms",
        "p50 ratio",
        "p99 ratio",
        "server CPU/call ratio",
      ],
      ratioRows,
      md,
    ),
    "",
    ...verdicts,
    "server CPU: every process of that configuration but the bench's own clients (ours: devserver, bridge, Redis, MCP; the baseline: devserver and its server). " +
      "Errors of the baseline include answers RCON's shared output buffer mixed up (stdio: one connection per process).",
  ].join(md ? "\n\n" : "\n");
}

/** Ours: Redis commands and Redis microseconds per call, by command (those of >= 0.05 per call). */
function redisTable(runs: CompareRun[], md: boolean): string {
  const rows = runs
    .filter((r) => r.redisPerCall)
    .map((r) => {
      const entries = Object.entries(r.redisPerCall!).sort((a, b) => b[1].usec - a[1].usec);
      const calls = entries.reduce((n, [, v]) => n + v.calls, 0);
      const usec = entries.reduce((n, [, v]) => n + v.usec, 0);
      const top = entries
        .filter(([, v]) => v.calls >= 0.05)
        .map(([name, v]) => `${name} ${v.calls.toFixed(2)} (${v.usec.toFixed(0)} us)`)
        .join(", ");
      return [r.transport, r.mix, String(r.run.clients), calls.toFixed(2), usec.toFixed(0), top];
    });
  const head = [
    "transport",
    "mix",
    "sessions",
    "Redis commands/call (ours)",
    "Redis us/call",
    "by command: count (us)",
  ];
  return table(head, rows, md);
}

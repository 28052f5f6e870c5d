/** Turns the whole-chain benchmark's measurements into the printed tables (plain text or Markdown). */
import { cpus } from "node:os";
import type { Samples, Throughput } from "./chain-calls.js";
import type { CompareRun } from "./chain-compare.js";
import type { EventRun } from "./chain-events.js";
import type { LongResult } from "./chain-long.js";
import type { CpuShare, Memory } from "./chain-procs.js";
import { int, mib, ms, percentiles, slope, table, verdict } from "./chain-stats.js";

export interface Measured {
  latency: { direct: Samples; queue: Samples; mcp: Samples };
  throughput: Array<{ run: Throughput; cpu: CpuShare; cpuMsPerCall: number; load: string }>;
  events?: Array<{ run: EventRun; cpu: CpuShare; load: string }>;
  memory: Record<string, { idle: Memory; end: Memory }>;
  compare: CompareRun[];
}

export const errs = (s: Samples) =>
  s.errors === 0 ? "0" : `${s.errors} (${(s.firstError ?? "").slice(0, 60)})`;

export function latencyTable(m: Measured, md: boolean): string {
  const rows: string[][] = [];
  const row = (label: string, s: Samples) => {
    const p = percentiles(s.latencies);
    rows.push([label, String(p.n), ms(p.p50), ms(p.p95), ms(p.p99), ms(p.max), errs(s)]);
  };
  row("direct RCON `mcpbridge` (no queue)", m.latency.direct);
  row("BullMQ job -> bridge -> RCON (no MCP)", m.latency.queue);
  row("MCP tool call (HTTP -> queue -> RCON)", m.latency.mcp);
  const d = percentiles(m.latency.direct.latencies);
  const q = percentiles(m.latency.queue.latencies);
  const c = percentiles(m.latency.mcp.latencies);
  const queueOverhead = q.p50 - d.p50;
  const chainOverhead = c.p50 - d.p50;
  const lines = [
    table(
      ["get_online_players, one at a time", "n", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors"],
      rows,
      md,
    ),
    "",
    `queue overhead p50 (BullMQ job - direct): ${ms(queueOverhead)} ms, ratio ${(q.p50 / d.p50).toFixed(1)}x -> target <= 3 ms: ${verdict(queueOverhead <= 3)}`,
    `whole-chain overhead p50 (MCP call - direct): ${ms(chainOverhead)} ms, ratio ${(c.p50 / d.p50).toFixed(1)}x -> target <= 3 ms: ${verdict(chainOverhead <= 3)}`,
  ];
  return lines.join(md ? "\n\n" : "\n");
}

const cpuText = (cpu: CpuShare) =>
  Object.entries(cpu)
    .map(([n, v]) => `${n} ${Math.round(v)}%`)
    .join(", ");

export function throughputTable(m: Measured, md: boolean): string {
  const rows = m.throughput.map(({ run, cpu, cpuMsPerCall, load }) => {
    const p = percentiles(run.latencies);
    return [
      String(run.clients),
      String(run.seconds),
      int(run.callsPerSecond),
      int(run.ok),
      errs(run),
      ms(p.p50),
      ms(p.p99),
      ms(cpuMsPerCall),
      cpuText(cpu),
      load,
    ];
  });
  const best = Math.max(0, ...m.throughput.map((t) => t.run.callsPerSecond));
  return [
    table(
      [
        "sessions",
        "s",
        "calls/s",
        "ok",
        "errors",
        "p50 ms",
        "p99 ms",
        "CPU ms/call",
        "CPU % of one core",
        "load 1m",
      ],
      rows,
      md,
    ),
    "",
    `best sustained: ${int(best)} tool calls/s -> target >= 3,000: ${verdict(best >= 3000)}`,
    "CPU ms/call: CPU time of all processes (devserver, bridge, MCP, redis, the clients) per completed call;",
    `  with ${cpus().length} cores the ceiling is about ${cpus().length} x 1000 / that, if the machine were otherwise idle.`,
  ].join(md ? "\n\n" : "\n");
}

export function eventsTable(m: Measured, md: boolean): string {
  if (!m.events?.length) return "(events not measured)";
  const rows = m.events.map(({ run, cpu, load }) => {
    const p = percentiles(run.latencies);
    const steady = percentiles(run.steadyLatencies ?? []);
    return [
      run.mode === "pull" ? "pull: wait_for_events loop" : "push: logging notifications",
      int(run.requestedRate),
      int(run.generated / run.seconds),
      int(run.generated),
      int(run.received),
      int(run.eventsPerSecond),
      ms(p.p50),
      ms(p.p99),
      ms(steady.p99),
      ms(p.max),
      `${run.gaps}/${run.duplicates}`,
      `${run.calls} (${run.errors} err)`,
      cpuText(cpu),
      load,
    ];
  });
  const verdicts = m.events.map(({ run }) => {
    const p = percentiles(run.latencies);
    const steady = percentiles(run.steadyLatencies ?? []);
    const stored = percentiles(run.storedLags ?? []);
    const lossFree = run.gaps === 0 && run.duplicates === 0 && run.received >= run.generated;
    const rateMet = run.eventsPerSecond >= 10_000 && run.generated / run.seconds >= 10_000;
    return (
      `${run.mode}: ${int(run.eventsPerSecond)}/s delivered, p99 ${ms(p.p99)} ms (after the first second ${ms(steady.p99)} ms), ${lossFree ? "zero loss" : "LOSS, gaps or duplicates"} -> ` +
      `>= 10,000/s: ${verdict(rateMet)}, p99 <= 50 ms: ${verdict(p.p99 <= 50)} (after the first second: ${verdict(steady.p99 <= 50)}), zero loss: ${verdict(lossFree)}; ` +
      `until stored by the bridge: p50 ${ms(stored.p50)} ms, p99 ${ms(stored.p99)} ms` +
      (run.firstError ? ` (first error: ${run.firstError.slice(0, 100)})` : "")
    );
  });
  const header = ["reader", "sim rate/s", "generated/s", "generated", "received", "delivered/s"];
  header.push(
    "p50 ms",
    "p99 ms",
    "p99 ms after 1st s",
    "max ms",
    "gaps/dups",
    "calls or notifications",
    "CPU % of one core",
    "load 1m",
  );
  return [table(header, rows, md), "", ...verdicts].join(md ? "\n\n" : "\n");
}

export function memoryTable(m: Measured, md: boolean): string {
  const rows = Object.entries(m.memory).map(([name, { idle, end }]) => [
    name,
    mib(idle.rssKiB),
    mib(end.rssKiB),
    mib(end.peakKiB),
  ]);
  return table(["process", "RSS idle MiB", "RSS after load MiB", "peak RSS (VmHWM) MiB"], rows, md);
}

export function longTable(r: LongResult, md: boolean): string {
  const names = Object.keys(r.samples[0]?.rssKiB ?? {});
  const half = r.samples.slice(Math.floor(r.samples.length / 2));
  const rows = names.map((n) => {
    const series = r.samples.map((s) => [s.t / 60, s.rssKiB[n]! / 1024] as [number, number]);
    const first = series[0]?.[1] ?? Number.NaN;
    const last = series[series.length - 1]?.[1] ?? Number.NaN;
    const max = Math.max(...series.map(([, y]) => y));
    const secondHalf = half.map((s) => [s.t / 60, s.rssKiB[n]! / 1024] as [number, number]);
    return [
      n,
      first.toFixed(1),
      last.toFixed(1),
      max.toFixed(1),
      (last - first).toFixed(1),
      slope(series).toFixed(2),
      slope(secondHalf).toFixed(2),
    ];
  });
  const c = percentiles(r.calls.latencies);
  const e = percentiles(r.events.latencies);
  const o = r.options;
  return [
    `long run: ${o.seconds} s, ${o.clients} sessions x ${o.callsPerSecondPerClient} calls/s (mix of 5 tools), ` +
      `sim rate ${o.eventRate} events/s, RSS sampled every ${o.sampleEverySeconds} s (${r.samples.length} samples)`,
    table(
      ["process", "first MiB", "last MiB", "max MiB", "growth MiB", "slope MiB/min", "slope 2nd half"],
      rows,
      md,
    ),
    `calls: ${int(r.calls.ok)} ok (${int(r.calls.ok / o.seconds)}/s), ${r.calls.errors} errors${r.calls.firstError ? ` (${r.calls.firstError.slice(0, 80)})` : ""}, p50 ${ms(c.p50)} ms, p99 ${ms(c.p99)} ms`,
    `events: generated ${int(r.events.generated)}, received ${int(r.events.received)}, gaps ${r.events.gaps}, ` +
      `duplicates ${r.events.duplicates}, delivery p50 ${ms(e.p50)} ms, p99 ${ms(e.p99)} ms`,
  ].join(md ? "\n\n" : "\n");
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const spread = (xs: number[]) =>
  `${median(xs).toFixed(2)}x (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;

/**
 * Ours / the floor, pair by pair (the two ran back to back, alternating which went first): the
 * median ratio and its range over the pairs, per transport, session count and read mix; the
 * targets of 1 session; and ours' HTTP MCP process CPU per call over its stdio one.
 */
export function floorTable(runs: CompareRun[], md: boolean): string {
  const rows: string[][] = [];
  const verdicts: string[] = [];
  const keys = [
    ...new Set(runs.filter((r) => r.side === "floor").map((r) => `${r.transport}|${r.run.clients}|${r.mix}`)),
  ];
  for (const key of keys) {
    const [transport, clients, mix] = key.split("|");
    const here = runs.filter((r) => `${r.transport}|${r.run.clients}|${r.mix}` === key);
    const server: number[] = [];
    const rate: number[] = [];
    const front: number[] = [];
    const loads: string[] = [];
    let oursMs = 0;
    let floorMs = 0;
    for (const f of here.filter((r) => r.side === "floor")) {
      const o = here.find((r) => r.side === "ours" && r.pair === f.pair);
      if (!o) continue;
      server.push(o.cpuMsPerCall["server side"]! / f.cpuMsPerCall["server side"]!);
      rate.push(o.run.callsPerSecond / f.run.callsPerSecond);
      front.push(o.mcpMsPerCall / f.mcpMsPerCall);
      loads.push(o.load, f.load);
      oursMs += o.cpuMsPerCall["server side"]! / here.filter((r) => r.side === "floor").length;
      floorMs += f.cpuMsPerCall["server side"]! / here.filter((r) => r.side === "floor").length;
    }
    if (server.length === 0) continue;
    rows.push([
      transport!,
      clients!,
      mix!,
      String(server.length),
      ms(oursMs),
      ms(floorMs),
      spread(server),
      spread(front),
      spread(rate),
      `${Math.min(...loads.map(Number))}-${Math.max(...loads.map(Number))}`,
    ]);
    if (clients === "1") {
      verdicts.push(
        `${transport}, 1 session, ${mix}: CPU/call ${median(server).toFixed(2)}x <= 1.3x: ${verdict(median(server) <= 1.3)}; ` +
          `calls/s ${median(rate).toFixed(2)}x >= 0.8x: ${verdict(median(rate) >= 0.8)}`,
      );
    }
  }
  for (const mix of ["identical", "distinct"]) {
    const mcp = (t: string) =>
      runs.filter((r) => r.side === "ours" && r.transport === t && r.run.clients === 1 && r.mix === mix);
    const http = mcp("http").map((r) => r.mcpMsPerCall);
    const stdio = mcp("stdio").map((r) => r.mcpMsPerCall);
    if (http.length && stdio.length) {
      const r = median(http) / median(stdio);
      verdicts.push(
        `ours, 1 session, ${mix}: MCP process CPU/call HTTP ${ms(median(http))} ms / stdio ${ms(median(stdio))} ms = ${r.toFixed(2)}x <= 1.5x: ${verdict(r <= 1.5)}`,
      );
    }
  }
  return [
    table(
      [
        "transport",
        "sessions",
        "mix",
        "pairs",
        "ours server CPU ms/call",
        "floor",
        "server CPU/call ours/floor",
        "MCP process CPU/call ours/floor",
        "calls/s ours/floor",
        "load 1m",
      ],
      rows,
      md,
    ),
    "",
    ...verdicts,
    "ratios: median over the pairs (range); server CPU: every process but the bench's clients (ours: devserver, bridge, Redis, MCP; the floor: devserver, its worker, Redis, its server).",
  ].join(md ? "\n\n" : "\n");
}

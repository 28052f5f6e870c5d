/**
 * Long run: a moderate mixed load (paced MCP sessions calling read and write tools, plus a steady
 * `sim rate` event stream followed with wait_for_events) for N seconds, sampling the RSS of every
 * process every `sampleEverySeconds`. Out: the samples, call and event counts, and per-process growth.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { sim } from "../../shared/testing/game.js";
import type { Stack } from "../../shared/testing/stack.js";
import { endSession, type Samples } from "./chain-calls.js";
import { generatedBy, PullReader } from "./chain-events.js";
import { memory, type Watched } from "./chain-procs.js";

export interface LongOptions {
  seconds: number;
  clients: number;
  callsPerSecondPerClient: number;
  eventRate: number;
  sampleEverySeconds: number;
}

export interface LongResult {
  options: LongOptions;
  /** [seconds since start, { process name: RSS KiB }] */
  samples: Array<{ t: number; rssKiB: Record<string, number> }>;
  calls: Samples & { ok: number };
  events: { generated: number; received: number; gaps: number; duplicates: number; latencies: number[] };
}

const MIX: Array<[string, Record<string, unknown>]> = [
  ["get_online_players", {}],
  ["get_server_info", {}],
  ["get_player_info", { player: "Steve" }],
  ["send_message", { message: "bench long run" }],
  ["get_events", { limit: 10 }],
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pacedClient(client: Client, perSecond: number, end: number, out: LongResult["calls"]) {
  const interval = 1000 / perSecond;
  let next = performance.now();
  for (let i = 0; performance.now() < end && i < perSecond * 86_400; i++) {
    const [name, args] = MIX[i % MIX.length]!;
    const t = performance.now();
    try {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 300)}`);
      out.ok++;
      out.latencies.push(performance.now() - t);
    } catch (error) {
      out.errors++;
      out.firstError ??= error instanceof Error ? error.message : String(error);
    }
    next += interval;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else next = performance.now();
  }
}

export async function longRun(
  stack: Stack,
  watched: Watched[],
  options: LongOptions,
  progress: (line: string) => void,
): Promise<LongResult> {
  const result: LongResult = {
    options,
    samples: [],
    calls: { ok: 0, errors: 0, latencies: [] },
    events: { generated: 0, received: 0, gaps: 0, duplicates: 0, latencies: [] },
  };
  const sessions: Client[] = [];
  for (let i = 0; i < options.clients; i++) sessions.push(await stack.httpClient());
  const readerSession = await stack.httpClient();
  const t0 = performance.now();
  const end = t0 + options.seconds * 1000;
  const reader = new PullReader(readerSession, end + 60_000);
  await reader.start();
  await sim(stack, `sim rate ${options.eventRate} ${options.seconds}`);

  const sample = () => {
    const rssKiB: Record<string, number> = {};
    for (const w of watched) rssKiB[w.name] = memory(w.pid).rssKiB;
    const t = Math.round((performance.now() - t0) / 1000);
    result.samples.push({ t, rssKiB });
    const mem = Object.entries(rssKiB).map(([n, k]) => `${n} ${(k / 1024).toFixed(1)}`);
    progress(
      `t=${t}s RSS MiB: ${mem.join(", ")}; calls ok ${result.calls.ok}, errors ${result.calls.errors}, events ${reader.seqs.size}`,
    );
  };
  sample();
  const sampler = setInterval(sample, options.sampleEverySeconds * 1000);
  try {
    await Promise.all(
      sessions.map((c) => pacedClient(c, options.callsPerSecondPerClient, end, result.calls)),
    );
  } finally {
    clearInterval(sampler);
  }
  sample();
  const generated = generatedBy((await sim(stack, "sim stop"))[0] ?? "");
  await reader.drain(generated, reader.deadline);
  await reader.stop();
  result.events = {
    generated,
    received: reader.seqs.size,
    gaps: reader.gaps(),
    duplicates: reader.duplicates,
    latencies: reader.latencies,
  };
  await Promise.allSettled([...sessions, readerSession].map(endSession));
  return result;
}

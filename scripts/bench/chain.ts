/**
 * Whole-chain benchmark (run it through `scripts/bench/run`, which builds and provides Redis).
 * Starts devserver (mod core) + built bridge + built MCP server (HTTP) as real processes on free
 * 127.0.0.1 ports under a unique Redis prefix (shared/testing/stack.ts), then measures:
 * tool-call latency vs direct RCON, sustained calls/s at 1/16/64 sessions, events end to end and
 * the memory of every process; or, with --long N, memory growth under a moderate mixed load.
 * Prints tables to stdout (progress to stderr) and writes the raw numbers to .run/bench/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { freePort, type Proc, REPO, startNode, until } from "../../shared/testing/processes.js";
import { testRedisUrl } from "../../shared/testing/redis.js";
import { type Stack, startStack } from "../../shared/testing/stack.js";
import { directRcon, endSession, type Mix, mcpSequential, queueOnly } from "./chain-calls.js";
import { compare, type Side, startBaseline, startFloor, type Transport } from "./chain-compare.js";
import { eventsEndToEnd } from "./chain-events.js";
import { type FailoverRound, failoverPlayers, failoverRound, failoverTable } from "./chain-failover.js";
import { longRun } from "./chain-long.js";
import { type PerCallRun, perCallCost, perCallTable } from "./chain-percall.js";
import { childrenNamed, load, machine, memory, type Watched, withCpu } from "./chain-procs.js";
import {
  eventsTable,
  floorTable,
  latencyTable,
  longTable,
  type Measured,
  memoryTable,
  throughputTable,
} from "./chain-report.js";
import { compareTable } from "./chain-report-baseline.js";
import { type OneProcess, oneProcessTable, startOneProcess } from "./one-process.js";

const { values } = parseArgs({
  allowNegative: true,
  options: {
    quick: { type: "boolean", default: false },
    long: { type: "string" },
    failover: { type: "string" },
    "lease-ttl": { type: "string", default: "5000" },
    rtt: { type: "string", default: "0" },
    pairs: { type: "string", default: "1" },
    mix: { type: "string", default: "identical" },
    baseline: { type: "boolean", default: true },
    "one-process": { type: "boolean", default: true },
    clients: { type: "string", default: "1,16,64" },
    transports: { type: "string", default: "http,stdio" },
    phases: { type: "string", default: "latency,events,compare" },
    calls: { type: "string", default: "2000" },
    seconds: { type: "string" },
    samples: { type: "string" },
    "event-rate": { type: "string", default: "10000" },
    "event-seconds": { type: "string" },
    "log-level": { type: "string", default: "info" },
    "node-options": { type: "string", default: "" },
    markdown: { type: "boolean", default: false },
  },
});
const quick = values.quick;
const longSeconds = values.long === undefined ? undefined : Number(values.long);
const failoverRounds = values.failover === undefined ? undefined : Number(values.failover);
const leaseTtlMs = Number(values["lease-ttl"]);
const seconds = Number(values.seconds ?? (quick ? 3 : 10));
const samples = Number(values.samples ?? (quick ? 200 : 1000));
const eventRate = Number(values["event-rate"]);
const eventSeconds = Number(values["event-seconds"] ?? (quick ? 4 : 10));
const levels = values.clients.split(",").map(Number);
// http first: the stdio runs stop the stack's HTTP MCP server.
const transports = (values.transports.split(",") as Transport[]).sort();
const phases = new Set(values.phases.split(","));
const perCallCalls = Number(values.calls);
const md = values.markdown;
const rttMs = Number(values.rtt);
const pairs = Number(values.pairs);
const mixes = values.mix.split(",") as Mix[];
if (mixes.some((m) => m !== "identical" && m !== "distinct"))
  throw new Error(`--mix must be identical, distinct or both, got ${values.mix}`);
for (const [name, v] of Object.entries({
  seconds,
  samples,
  eventRate,
  eventSeconds,
  longSeconds: longSeconds ?? 1,
  calls: perCallCalls,
  failoverRounds: failoverRounds ?? 1,
  pairs,
  leaseTtlMs,
})) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number, got ${v}`);
}
if (!Number.isFinite(rttMs) || rttMs < 0)
  throw new Error(`--rtt must be a number of ms >= 0, got ${values.rtt}`);
if ([...phases].some((p) => !["latency", "events", "compare", "percall"].includes(p))) {
  throw new Error(`--phases must be a comma list of latency, events, compare, percall; got ${values.phases}`);
}

if (transports.some((t) => t !== "http" && t !== "stdio")) {
  throw new Error(`--transports must be http, stdio or both, got ${values.transports}`);
}
if (levels.some((n) => !Number.isInteger(n) || n < 1 || n > 256)) {
  throw new Error(`--clients must be a comma list of integers 1-256, got ${values.clients}`);
}

const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const print = (line = "") => process.stdout.write(`${line}\n`);

let stack: Stack | undefined;
let baselineProc: Proc | undefined;
const floorProcs: Proc[] = [];
let oneProcess: OneProcess | undefined;
const proxies: Proc[] = [];
let stopping: Promise<void> | undefined;
const stopAll = () => {
  stopping ??= Promise.allSettled([
    stack?.stop(),
    baselineProc?.stop(),
    ...floorProcs.map((p) => p.stop()),
    oneProcess?.proc.stop(),
    ...proxies.map((p) => p.stop()),
  ]).then(() => undefined);
  return stopping;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    progress(`${signal}: stopping everything this run started`);
    void stopAll().then(() => process.exit(130));
  });
}
// Hard bound on the whole run: every phase is bounded, this catches anything that is not.
const budgetS = (longSeconds ?? 0) + (quick ? 900 : 1800);
setTimeout(() => {
  progress(`run exceeded its ${budgetS} s budget; stopping`);
  void stopAll().then(() => process.exit(1));
}, budgetS * 1000).unref();

async function main(): Promise<void> {
  print("# minecraft-mcp-bridge whole-chain benchmark");
  for (const line of machine()) print(line);
  print(`command: scripts/bench/run ${process.argv.slice(2).join(" ")}`.trimEnd());
  const logLevel = values["log-level"];
  progress("starting devserver, bridge and MCP server");
  // --node-options="--import=./scripts/bench/chain-profile.mjs" goes to the bridge and the MCP server.
  const env = {
    LOG_LEVEL: logLevel,
    ...(values["node-options"] ? { NODE_OPTIONS: values["node-options"] } : {}),
  };
  // --rtt: the MCP servers (ours and the baseline) on another host than the game host (Minecraft,
  // the bridge and Redis): ours reaches Redis, the baseline reaches RCON, through a delay proxy.
  const redisUrl = testRedisUrl();
  const mcpRedis = rttMs > 0 ? await delayedRedis(redisUrl) : redisUrl;
  stack = await startStack({
    redisUrl,
    players: ["Steve", "Alex", ...failoverPlayers(failoverRounds ?? 0)],
    bridgeEnv: failoverRounds === undefined ? env : { ...env, LEASE_TTL_MS: String(leaseTtlMs) },
    mcpEnv: { ...env, REDIS_URL: mcpRedis },
  });
  if (rttMs > 0)
    print(`network: ${rttMs} ms round trip between the MCP servers and the game host (delay proxy)`);
  const java = childrenNamed("java");
  const watched: Watched[] = [
    { name: "devserver (JVM)", pid: java[0] ?? Number.NaN },
    { name: "bridge", pid: stack.bridge.child.pid ?? Number.NaN },
    { name: "MCP server", pid: stack.mcp.child.pid ?? Number.NaN },
  ];
  const redisPid = Number(process.env.BENCH_REDIS_PID ?? Number.NaN);
  if (Number.isFinite(redisPid)) watched.push({ name: "redis-server", pid: redisPid });
  print(
    `processes: ${watched.map((w) => `${w.name} pid ${w.pid}`).join(", ")}; bridge/MCP LOG_LEVEL=${logLevel}; ` +
      `Redis ${stack.redisUrl}${Number.isFinite(redisPid) ? " (private)" : " (shared; its memory not reported)"}`,
  );
  const idle = new Map(watched.map((w) => [w.name, memory(w.pid)]));

  if (longSeconds !== undefined) {
    const result = await longRun(
      stack,
      watched,
      {
        seconds: longSeconds,
        clients: 8,
        callsPerSecondPerClient: 25,
        eventRate: 1000,
        sampleEverySeconds: 10,
      },
      progress,
    );
    print();
    print(longTable(result, md));
    save("long", result);
    return;
  }

  if (failoverRounds !== undefined) {
    const rounds: FailoverRound[] = [];
    for (let round = 1; round <= failoverRounds; round++) {
      progress(`failover round ${round}/${failoverRounds}: load, SIGKILL the owner, wait for every job`);
      rounds.push(await failoverRound(stack, { leaseTtlMs, concurrency: 32, loadMs: 2000, round }, load));
    }
    print();
    print(
      "## failover: the owning bridge SIGKILLed under load (32 producers, give_item + get_online_players)",
    );
    print(failoverTable(rounds, md));
    save("failover", rounds);
    return;
  }

  const measured: Measured = { latency: {} as Measured["latency"], throughput: [], memory: {}, compare: [] };
  if (phases.has("percall")) {
    const runs: PerCallRun[] = [];
    for (const transport of transports) {
      progress(`per-call CPU: ${transport}, ${perCallCalls} calls after 500 warm-up calls`);
      const shared = watched.filter((w) => transport === "http" || w.name !== "MCP server");
      runs.push(await perCallCost(stack, transport, perCallCalls, shared));
    }
    print();
    print("## CPU per call by process, one session calling get_online_players back to back");
    print(perCallTable(runs, md));
    save("percall", runs);
  }
  if (phases.has("latency")) await latencyPhase(measured);
  measured.events = [];
  if (phases.has("events")) {
    for (const mode of ["pull", "push"] as const) {
      progress(`events (${mode}): sim rate ${eventRate} for ${eventSeconds} s`);
      const [run, cpu] = await withCpu(watched, () => eventsEndToEnd(stack!, mode, eventRate, eventSeconds));
      measured.events.push({ run, cpu, load: load().split(" ")[0]! });
    }
  }
  for (const w of watched) measured.memory[w.name] = { idle: idle.get(w.name)!, end: memory(w.pid) };
  if (phases.has("compare")) await comparePhase(measured, watched);

  print();
  if (phases.has("latency")) {
    print("## 1. tool-call latency: queue vs direct RCON (same devserver)");
    print(latencyTable(measured, md));
    print();
  }
  if (phases.has("compare")) {
    print("## 2. sustained tool calls/s (get_online_players, each session its own MCP session over HTTP)");
    print(throughputTable(measured, md));
    print();
    print(
      "## 2b. ours vs a direct-RCON MCP server (scripts/bench/baseline-server.ts), same devserver and client",
    );
    print(
      compareTable(
        measured.compare.filter((r) => r.pair === 1 && (r.side === "ours" || r.side === "baseline")),
        md,
      ),
    );
    print();
    print(
      "## 2c. ours vs the floor (scripts/bench/floor-server.ts: every call one BullMQ job, nothing else)",
    );
    print(floorTable(measured.compare, md));
    print();
    if (oneProcess) {
      print("## 2d. ours in two processes vs ours in one process (one-process/) vs the floor, HTTP");
      print(oneProcessTable(measured.compare, md));
      print();
    }
  }
  if (phases.has("events")) {
    print("## 3. events end to end (devserver -> bridge -> Redis Stream -> MCP server -> MCP client)");
    print(eventsTable(measured, md));
    print();
  }
  print("## 4. memory (RSS from /proc/<pid>/status)");
  print(memoryTable(measured, md));
  print();
  print(`load average at end (1/5/15 min): ${load()}`);
  save("chain", measured);
}

/** Starts a delay proxy (delay-proxy.ts, its own process) in front of host:port; returns its port. */
async function delayProxy(host: string, port: number): Promise<number> {
  const listen = await freePort();
  const args = ["--listen", String(listen), "--target", `${host}:${port}`, "--rtt", String(rttMs)];
  const proxy = startNode(`delay-proxy-${listen}`, "scripts/bench/delay-proxy.ts", args, {
    NODE_OPTIONS: "--import tsx",
  });
  proxies.push(proxy);
  await until(() => proxy.output().includes("listening"), `delay proxy\n${proxy.output()}`, 30_000);
  return listen;
}

/** The same Redis URL, through a delay proxy. */
async function delayedRedis(url: string): Promise<string> {
  const through = new URL(url);
  through.port = String(await delayProxy(through.hostname, Number(through.port || 6379)));
  return through.toString();
}

function stackOrThrow(): Stack {
  if (!stack) throw new Error("the stack is not running");
  return stack;
}

async function latencyPhase(measured: Measured): Promise<void> {
  const stack = stackOrThrow();
  const client = await stack.httpClient();
  progress("warming up (direct RCON and MCP calls)");
  await directRcon(stack, Math.min(300, samples));
  await mcpSequential(client, Math.min(300, samples));
  progress(`latency: ${samples} sequential calls each way`);
  measured.latency.direct = await directRcon(stack, samples);
  measured.latency.queue = await queueOnly(stack, samples);
  measured.latency.mcp = await mcpSequential(client, samples);
  await endSession(client);
}

async function comparePhase(measured: Measured, watched: Watched[]): Promise<void> {
  const stack = stackOrThrow();
  if (!phases.has("latency")) {
    // The stack was just started: warm up the bridge and the HTTP MCP server as the latency phase would.
    progress("warming up (300 MCP calls)");
    const client = await stack.httpClient();
    await mcpSequential(client, 300);
    await endSession(client);
  }
  const rcon = stack.devserver.rconPort;
  const rconTo = rttMs > 0 ? await delayProxy("127.0.0.1", rcon) : rcon;
  const baseline = await startBaseline(stack, rconTo);
  baselineProc = baseline.http;
  const floor = await startFloor(stack, rconTo);
  floorProcs.push(floor.worker, floor.http);
  if (values["one-process"] && transports.includes("http")) oneProcess = await startOneProcess(stack, rconTo);
  const [devserver, ...ours] = watched;
  /** One pair (ours and the floor alternated; one process and the baseline beside them) at `n` sessions. */
  const pairOf = async (transport: Transport, n: number, mix: Mix, pair: number) => {
    const sides: Side[] = pair % 2 === 1 ? ["ours", "floor"] : ["floor", "ours"];
    // Ours in one process (HTTP) between the two, so it follows each of them in turn.
    if (oneProcess && transport === "http") sides.splice(1, 0, "one");
    if (pair === 1 && values.baseline) sides.push("baseline");
    // stdio: one MCP process per session, so the HTTP MCP server is not ours' there.
    const oursHere = transport === "stdio" ? ours.filter((w) => w.name !== "MCP server") : ours;
    const runs = await compare({
      ...{ stack, baseline, floor, one: oneProcess, sides, mix, pair, transport, sessions: n, seconds },
      ...{ devserver: devserver!, ours: oursHere, progress },
    });
    measured.compare.push(...runs);
    const mine = runs.find((r) => r.side === "ours")!;
    if (transport === "http" && pair === 1 && mix === "identical") {
      const cpuMsPerCall = Object.entries(mine.cpuMsPerCall)
        .filter(([name]) => name !== "server side")
        .reduce((a, [, v]) => a + v, 0);
      measured.throughput.push({ run: mine.run, cpu: mine.cpu, cpuMsPerCall, load: mine.load });
    }
  };
  if (levels.every((n) => n === 1) && transports.length > 1) {
    // One session: HTTP and stdio alternate too, pair after pair, so that their ratio (the MCP
    // process's CPU per call) compares runs as close in time as ours and the floor's. The HTTP
    // servers stay up during the stdio runs: one session leaves their readers idle.
    for (const mix of mixes) {
      for (let pair = 1; pair <= pairs; pair++) {
        const order = pair % 2 === 1 ? transports : [...transports].reverse();
        for (const transport of order) await pairOf(transport, 1, mix, pair);
      }
      progress(`\n${floorTable(measured.compare, md)}`);
    }
    return;
  }
  for (const transport of transports) {
    // stdio: one MCP process per session; the HTTP MCP servers would only add their idle readers.
    if (transport === "stdio") {
      await Promise.all([stack.mcp.stop(), floor.http.stop(), baseline.http.stop(), oneProcess?.proc.stop()]);
    }
    for (const n of levels) {
      for (const mix of mixes) {
        for (let pair = 1; pair <= pairs; pair++) await pairOf(transport, n, mix, pair);
        progress(`\n${floorTable(measured.compare, md)}`);
      }
    }
  }
}

function save(kind: string, data: unknown): void {
  const dir = `${REPO}.run/bench`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${kind}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(
    file,
    JSON.stringify(data, (_k, v) => (Array.isArray(v) && v.length > 1000 ? undefined : v)),
  );
  progress(`raw numbers: ${file}`);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  progress(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  progress("stopping devserver, bridge and MCP server");
  await stopAll();
}
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// The NPC benchmark's peers, each in its own process as in production (scripts/bench/npc.ts forks
// this file): `bridge` runs the bridge's own job path (createJobProcessor: signature, age, policy
// with the NPC's client, single-use claim; JobReplies to the producer's reply list) on a BullMQ
// worker, with an executor that answers at once instead of RCON; `llm` runs the fake LLM over HTTP
// answering at once; `events` writes the chat lines to the event stream, as the bridge stores them;
// `npc` runs one more NPC service (--services).
// Talks to its parent over IPC: {ready, url?} once, (events) {sent} when every line is written;
// answers each question under its own name: "cpu" with {cpu: CPU ms so far}, "progress" with
// {progress: {answered}} (bridge: lines answered so far) and "results" with {results: (bridge)
// {jobs: [the `#n` a tellraw carried, when it completed][]} or (events) {stored: when each line n
// was stored}}. The records stay here until the end, so that the service
// in the parent process carries none of the measurement.
import { createLogger, type Operation, PolicyStore, type RequestMessage } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { DEFAULT_STREAM_MAXLEN, RedisEventStore } from "../../bridge/src/events/event-store.js";
import { CommandWorker } from "../../bridge/src/jobs/command-worker.js";
import { createJobProcessor, type RequestExecutor } from "../../bridge/src/jobs/job-processor.js";
import { JobReplies } from "../../bridge/src/jobs/job-replies.js";
import { RequestClaims } from "../../bridge/src/jobs/request-claims.js";
import { loadConfig } from "../../npc/src/config.js";
import { coalesceRedisWrites } from "../../npc/src/redis-writes.js";
import { NpcService } from "../../npc/src/service.js";
import { FakeLlm } from "../../npc/testing/fake-llm.js";

export interface PeerSettings {
  role: "bridge" | "llm" | "events" | "npc";
  redisUrl: string;
  prefix: string;
  secret: string;
  server: string;
  policyFile: string;
  npcs: number;
  /** npc: the service's environment (loadConfig), as the benchmark gives its own service. */
  env?: Record<string, string | undefined>;
  /** events: chat lines per second, how many, and how they arrive (see `arrivalSchedule`). */
  rate?: number;
  total?: number;
  arrivals?: Arrivals;
  seed?: number;
  /** llm: every answer first calls get_player_info for the player it heard (one more LLM round). */
  tools?: boolean;
}

/**
 * How the chat lines arrive. "poisson": as from independent players, the gaps between lines
 * exponential (mean 1/rate) and each line naming an NPC drawn at random (seeded). "even":
 * one line every 1/rate s, naming the NPCs in turn; every NPC then hears a line every npcs/rate s in
 * the same phase, so all their batching windows open and fire within the same npcs/rate s of each
 * delay (a synchronised worst case).
 */
export type Arrivals = "poisson" | "even";

type Schedule = { at: Float64Array; npc: Uint32Array };

/** Line n's time (ms after the start) and the NPC it names. */
export function arrivalSchedule(
  arrivals: Arrivals,
  rate: number,
  total: number,
  npcs: number,
  seed: number,
): Schedule {
  const at = new Float64Array(total);
  const npc = new Uint32Array(total);
  if (arrivals === "even") {
    for (let n = 0; n < total; n++) {
      at[n] = (n * 1000) / rate;
      npc[n] = n % npcs;
    }
    return { at, npc };
  }
  const random = mulberry32(seed);
  let t = 0;
  for (let n = 0; n < total; n++) {
    t += -Math.log(1 - random());
    at[n] = t;
    npc[n] = Math.floor(random() * npcs);
  }
  // Scaled so that the lines span exactly total/rate s (the times of `total` Poisson arrivals given
  // their number: a run sends at exactly the rate asked for).
  const scale = (total * 1000) / rate / (t - Math.log(1 - random()));
  for (let n = 0; n < total; n++) at[n]! *= scale;
  return { at, npc };
}

/** A small seeded PRNG (uniform in [0, 1)), so a run's arrivals can be repeated. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where the bench puts NPC i and its player (the player stands 2 blocks east). */
export const spot = (i: number) => ({ x: (i % 10) * 100, y: 64, z: Math.floor(i / 10) * 100 });

const send = (message: unknown) => process.send?.(message);

async function runLlm(s: PeerSettings): Promise<void> {
  // The LLM repeats the `#n` tags of the batch it is asked about, so the bridge side can tell
  // which chat lines a tellraw answers.
  const llm = await new FakeLlm({ chunkChars: 64 }).start();
  llm.respond = (call) => {
    llm.calls.length = 0; // keep no history: the benchmark runs long
    // A history summary, in the 2-3 sentences the request asks for (an echo of the `#n` tags would
    // grow with every compaction, since each summarises the one before).
    if (call.body.messages[0]?.content.startsWith("Summarise"))
      return "A player greeted the villager several times. The villager answered each greeting.";
    const last = call.body.messages.at(-1)?.content ?? "";
    // --tools: the first round asks for the player it heard; the second (after the results) answers
    // the batch, whose message is then third from the end (before the call and its results).
    if (s.tools && !last.includes("BEGIN-TOOL-RESULTS")) {
      const player = /player (P\d+)/.exec(last)?.[1] ?? "P0";
      return `<tool name="get_player_info">{"player": "${player}"}</tool>`;
    }
    const batch = s.tools ? (call.body.messages.at(-3)?.content ?? "") : last;
    const ids = [...batch.matchAll(/#(\d+)/g)].map((m) => m[1]);
    return `<say>ok ${ids.map((id) => `#${id}`).join(" ")}</say>`;
  };
  send({ ready: true, url: llm.url });
  process.on("disconnect", () => void llm.close().then(() => process.exit(0)));
}

/**
 * Writes chat lines to the event stream through the bridge's own store (its script, its stream bound),
 * at the given rate and arrivals;
 * line n, naming NPC i, is player P(i) saying "Npc<i> hello #n". Keeps when each line was stored
 * (its "results") and sends {sent} once all are written. Before "go", {prime: S} writes S s of the
 * same traffic without the `#n` tags (nobody records them) and answers {primed}.
 */
async function runEvents(s: PeerSettings): Promise<void> {
  const redis = new Redis(s.redisUrl);
  const store = new RedisEventStore(redis, s.prefix, DEFAULT_STREAM_MAXLEN);
  const epoch = `bench-${process.pid}`;
  await store.hello(s.server, epoch, 0, 1); // a new epoch: its events start at seq 1
  const rate = s.rate ?? 1000;
  const total = s.total ?? 0;
  const schedule = arrivalSchedule(s.arrivals ?? "poisson", rate, total, s.npcs, s.seed ?? 1);
  let seq = 0;
  /** Writes the schedule's lines in time, `onStored` after each; `tag`: with their `#n`. */
  async function write(lines: Schedule, tag: boolean, onStored: () => void): Promise<number> {
    const started = Date.now();
    for (let n = 0; n < lines.at.length; n++) {
      const wait = started + lines.at[n]! - Date.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const i = lines.npc[n]!;
      const player = `P${i}`;
      const data = { player, message: tag ? `Npc${i} hello #${n}` : `Npc${i} hello` };
      seq++;
      const event = {
        version: "1.0.0",
        type: "event",
        id: `ev-${seq}`,
        timestamp: Date.now(),
        source: "minecraft",
        payload: { eventType: "player_chat", seq, data },
      };
      const chat = { seq, json: JSON.stringify(event), type: "player_chat", player };
      await store.append(s.server, epoch, [chat], Date.now());
      onStored();
    }
    return (Date.now() - started) / 1000;
  }
  const stored: number[] = [];
  answerResults = () => ({ stored });
  onOrder = async (order) => {
    if (typeof order === "object" && "prime" in order) {
      const lines = arrivalSchedule(
        s.arrivals ?? "poisson",
        rate,
        rate * order.prime,
        s.npcs,
        (s.seed ?? 1) + 1,
      );
      send({ primed: await write(lines, false, () => undefined) });
    } else if (order === "go") {
      send({ sent: await write(schedule, true, () => stored.push(Date.now())) });
      redis.disconnect();
    }
  };
  send({ ready: true });
}

/** What get_nearby_mobs finds around an NPC: its own villager, two cows and a named zombie. */
function nearbyMobs(args: Record<string, unknown>) {
  const c = { world: "minecraft:overworld", x: Number(args.x), y: Number(args.y), z: Number(args.z) };
  const mob = (dx: number, type: string, name: string | null) => ({
    type,
    name,
    location: { ...c, x: c.x + dx },
    distance: Math.abs(dx),
  });
  const mobs = [
    mob(0, "minecraft:villager", null),
    mob(3, "minecraft:cow", null),
    mob(4, "minecraft:cow", null),
    mob(6, "minecraft:zombie", "Grumpy"),
  ];
  return { center: c, radius: Number(args.radius), mobs, total: mobs.length, truncated: false };
}

async function runBridge(s: PeerSettings): Promise<void> {
  const logger = createLogger({ name: "bench-bridge", level: "silent" });
  const players = Array.from({ length: s.npcs }, (_, i) => `P${i}`);
  const jobs: [number[], number][] = [];
  const answered = new Uint8Array(s.total ?? 0);
  let answeredCount = 0;
  let commands = 0;
  answerProgress = () => ({ answered: answeredCount, commands });
  answerResults = () => ({ jobs });
  const executor: RequestExecutor = {
    mode: "mod",
    async execute(request: RequestMessage, op: Operation) {
      const args = request.payload.args as { command?: string; player?: string };
      if (op === "get_online_players")
        return { data: { players, online: s.npcs, max: s.npcs }, replay: false };
      if (op === "get_server_info") {
        const data = { version: "1.21.1", onlinePlayers: s.npcs, maxPlayers: s.npcs, timeOfDay: 6000 };
        return { data: { ...data, weather: "CLEAR", tps: 20 }, replay: false };
      }
      if (op === "get_nearby_mobs") return { data: nearbyMobs(request.payload.args), replay: false };
      if (op === "get_player_info") {
        const at = spot(Number(String(args.player).slice(1)));
        const location = { world: "minecraft:overworld", x: at.x + 2, y: 64, z: at.z };
        const data = { name: args.player, uuid: "00000000-0000-0000-0000-000000000000", health: 20 };
        return {
          data: { ...data, foodLevel: 20, location, gameMode: "survival", inventory: [] },
          replay: false,
        };
      }
      commands++; // tellraw and the other command jobs (not the reads above)
      const lines = [...String(args.command).matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
      if (lines.length > 0) jobs.push([lines, Date.now()]);
      for (const n of lines) {
        if (answered[n] === 1) continue;
        answered[n] = 1;
        answeredCount++;
      }
      return { data: { output: "" }, replay: false };
    },
  };
  const redis = new Redis(s.redisUrl, { maxRetriesPerRequest: 3 });
  const workerRedis = new Redis(s.redisUrl, { maxRetriesPerRequest: null });
  // As the bridge builds them (bridge/src/servers/server-runtime.ts): with the worker's connection,
  // a reply leaves in the same write as BullMQ's moveToFinished.
  const replies = new JobReplies(redis, s.prefix, s.server, logger, workerRedis);
  const worker = new CommandWorker({
    connection: workerRedis,
    prefix: s.prefix,
    serverId: s.server,
    concurrency: 64,
    logger,
    processor: createJobProcessor({
      serverId: s.server,
      jobSecret: s.secret,
      policies: new PolicyStore(s.policyFile),
      executor,
      requests: new RequestClaims({ redis, prefix: s.prefix, maxAgeMs: 600_000 }),
      logger,
      replies,
    }),
  });
  replies.attach(worker.worker);
  worker.resume();
  send({ ready: true });
  process.on("disconnect", () => {
    void worker.close(1000).then(() => {
      redis.disconnect();
      workerRedis.disconnect();
      process.exit(0);
    });
  });
}

/** One more NPC service process: the NPCs are shared among the processes (npc/src/ingest/ownership.ts). */
async function runNpc(s: PeerSettings): Promise<void> {
  const config = loadConfig(s.env ?? {});
  const redis = new Redis(s.redisUrl, { maxRetriesPerRequest: 3 });
  coalesceRedisWrites(redis);
  const service = new NpcService(config, redis, createLogger({ name: "npc", level: "silent" }));
  await service.start();
  send({ ready: true });
  process.on("disconnect", () => void service.close().then(() => process.exit(0)));
}

/** What this peer answers to "progress" and "results", and does on an order (set by its role). */
let answerProgress = (): object => ({});
let answerResults = (): object => ({});
let onOrder = async (_order: Order): Promise<void> => undefined;
/** events: the measured run, or first the unrecorded traffic of `--prime`. */
type Order = "go" | { prime: number };

if (process.send) {
  process.on("message", (message: PeerSettings | Order | "cpu" | "progress" | "results") => {
    if (message === "cpu") {
      const { user, system } = process.cpuUsage();
      send({ cpu: (user + system) / 1000 });
    } else if (message === "progress") send({ progress: answerProgress() });
    else if (message === "results") send({ results: answerResults() });
    else if (message === "go" || "prime" in message) void onOrder(message);
    else {
      const run = { llm: runLlm, bridge: runBridge, events: runEvents, npc: runNpc }[message.role];
      void run(message);
    }
  });
}

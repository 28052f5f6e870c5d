#!/usr/bin/env node
// NPC pipeline benchmark: the NPC service's own overhead with a 0-ms LLM. In this process: the NPC
// service (consumer group, queue, history in Redis, signed jobs), the fake LLM over HTTP answering at
// once, and a BullMQ worker standing in for the bridge that verifies each job's signature and
// completes it at once (so RCON and the game are not measured). 100 NPCs each with a player next to
// it; chat lines naming an NPC are written to the event stream as the bridge stores them, at a fixed
// rate. Measured per line: stream entry stored -> the tellraw job answering it completed (includes
// the batching delay), drops, and memory per NPC with a full (100-entry) history.
//
// Run from the repository root:
//   REDIS_URL=redis://127.0.0.1:6379 npx tsx --tsconfig npc/tsconfig.json scripts/bench/npc.ts \
//     [--npcs 100] [--rate 1000] [--seconds 10]
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker as Thread } from "node:worker_threads";
import { commandQueueName, createLogger, parseRequest, redisKeys, verifyJob } from "@mcp-bridge/shared";
import { UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import { loadConfig } from "../../npc/src/config.js";
import { policyFragment } from "../../npc/src/definitions/command-patterns.js";
import { NpcFileSchema } from "../../npc/src/definitions/schema.js";
import { NpcService } from "../../npc/src/service.js";
import { FakeLlm } from "../../npc/tests/support/fake-llm.js";

const { values } = parseArgs({
  options: {
    npcs: { type: "string", default: "100" },
    rate: { type: "string", default: "1000" },
    seconds: { type: "string", default: "10" },
  },
});
const NPCS = Number(values.npcs);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const BATCH_MS = 500;
const SERVER = "bench";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `bench-npc-${randomBytes(4).toString("hex")}`;
const secret = randomBytes(18).toString("base64url");
const dir = mkdtempSync(join(tmpdir(), "bench-npc-"));

const spot = (i: number) => ({ x: (i % 10) * 100, y: 64, z: Math.floor(i / 10) * 100 });
const raw = Array.from({ length: NPCS }, (_, i) => ({
  id: `npc${i}`,
  name: `Npc${i}`,
  persona: { systemPrompt: "A villager." },
  perception: { radius: 8 },
  location: { serverId: SERVER, ...spot(i) },
}));
const npcFile = join(dir, "npcs.json");
const policyFile = join(dir, "policy.json");
writeFileSync(npcFile, JSON.stringify({ npcs: raw }));
writeFileSync(policyFile, JSON.stringify(policyFragment(NpcFileSchema.parse({ npcs: raw }).npcs)));

const llm = await new FakeLlm({ chunkChars: 64 }).start();
llm.respond = (call) => {
  const ids = [...(call.body.messages.at(-1)?.content ?? "").matchAll(/#(\d+)/g)].map((m) => m[1]);
  return `<say>ok ${ids.map((id) => `#${id}`).join(" ")}</say>`;
};

// The bridge's side, reduced to signature check + instant answers.
const stored = new Map<number, number>();
const answered = new Map<number, number>();
const players = Array.from({ length: NPCS }, (_, i) => `P${i}`);
const worker = new Worker(
  commandQueueName(SERVER),
  async (job) => {
    const data = verifyJob(job.data, secret);
    const request = parseRequest(data.envelope);
    const args = request.payload.args as { command?: string; player?: string };
    if ("query" in request.payload && request.payload.query === "get_online_players") {
      return { success: true, data: { players, online: NPCS, max: NPCS } };
    }
    if ("query" in request.payload && request.payload.query === "get_player_info") {
      const i = Number(String(args.player).slice(1));
      const s = spot(i);
      return {
        success: true,
        data: {
          name: args.player,
          uuid: "00000000-0000-0000-0000-000000000000",
          health: 20,
          foodLevel: 20,
          location: { world: "minecraft:overworld", x: s.x + 2, y: 64, z: s.z },
          gameMode: "survival",
          inventory: [],
        },
      };
    }
    if (typeof args.command !== "string")
      throw new UnrecoverableError("UNSUPPORTED: not in the bench bridge");
    const now = Date.now();
    for (const m of args.command.matchAll(/#(\d+)/g))
      if (!answered.has(Number(m[1]))) answered.set(Number(m[1]), now);
    return { success: true, data: { output: "" } };
  },
  { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix, concurrency: 64 },
);

const config = loadConfig({
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  JOB_SECRET: secret,
  POLICY_FILE: policyFile,
  NPC_FILE: npcFile,
  OLLAMA_HOST: llm.url,
  NPC_BATCH_DELAY_MS: String(BATCH_MS),
  NPC_PLAYER_PER_MINUTE: "100000",
  NPC_PER_MINUTE: "100000",
  NPC_LLM_CONCURRENCY: "32",
  NPC_POSITION_REFRESH_MS: "60000",
  NPC_CONSUMER: "bench",
});
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const service = new NpcService(config, redis, createLogger({ name: "npc", level: "silent" }));
await service.start();
await new Promise((r) => setTimeout(r, 3000)); // summons and the first position refresh

const stream = redisKeys(prefix).eventStream(SERVER);
const SENDER = `
const { workerData, parentPort } = require("node:worker_threads");
const { Redis } = require("ioredis");
const { redisUrl, stream, total, rate, npcs, server } = workerData;
const redis = new Redis(redisUrl);
(async () => {
  const started = Date.now();
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / rate - Date.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const i = n % npcs;
    const event = { version: "1.0.0", type: "event", id: "ev-" + n, timestamp: Date.now(), source: "minecraft",
      payload: { eventType: "player_chat", seq: n + 1, data: { player: "P" + i, message: "Npc" + i + " hello #" + n } } };
    await redis.xadd(stream, "*", "event", JSON.stringify(event), "type", "player_chat", "player", "P" + i, "serverId", server, "ingestedAt", String(Date.now()));
    parentPort.postMessage([n, Date.now()]);
  }
  redis.disconnect();
})();
`;
const total = RATE * SECONDS;
console.log(
  `${NPCS} NPCs, ${RATE} chat lines/s for ${SECONDS} s (${total} lines), batching ${BATCH_MS} ms, 0-ms LLM`,
);
// The lines are written by a worker thread (its own event loop and connection), as the bridge would.
const started = Date.now();
const sender = new Thread(SENDER, {
  eval: true,
  workerData: { redisUrl, stream, total, rate: RATE, npcs: NPCS, server: SERVER },
});
sender.on("message", ([n, t]: [number, number]) => stored.set(n, t));
await new Promise((resolve) => sender.once("exit", resolve));
const sendSeconds = (Date.now() - started) / 1000;
const deadline = Date.now() + 30_000;
while (answered.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));

const latencies = [...stored]
  .flatMap(([n, t]) => (answered.has(n) ? [answered.get(n)! - t] : []))
  .sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
const reasons = new Map<string, number>();
for (const v of (await service.metrics.dropped.get()).values)
  reasons.set(String(v.labels.reason), (reasons.get(String(v.labels.reason)) ?? 0) + v.value);
const dropped = [...reasons].map(([r, n]) => `${r} ${n}`).join(", ") || "none";
console.log(
  `sent at ${(total / sendSeconds).toFixed(0)} lines/s; answered ${answered.size}/${total}; not answered: ${dropped}`,
);
console.log(
  `stored -> tellraw job completed: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)} ms`,
);
console.log(
  `minus the ${BATCH_MS} ms batching delay: p50 ${pct(50) - BATCH_MS} ms, p99 ${pct(99) - BATCH_MS} ms`,
);

// Memory per NPC with a full history: fill every history to 100 entries, measure Redis and heap.
const line = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.";
for (let i = 0; i < NPCS; i++) {
  await service.history.clear(`npc${i}`);
  await service.history.append(
    `npc${i}`,
    Array.from({ length: 100 }, (_, j) =>
      j % 2
        ? { kind: "said" as const, text: line, at: Date.now() }
        : { kind: "heard" as const, sender: `P${i}`, text: line, at: Date.now() },
    ),
  );
}
let redisBytes = 0;
for (let i = 0; i < NPCS; i++)
  redisBytes += Number(await redis.memory("USAGE", service.history.key(`npc${i}`)));
global.gc?.();
const heapPerNpc = (process.memoryUsage().heapUsed - heapBefore) / NPCS;
console.log(
  `memory per NPC with 100 history entries: Redis ${(redisBytes / NPCS / 1024).toFixed(1)} KiB, process heap ${(heapPerNpc / 1024).toFixed(1)} KiB${global.gc ? "" : " (run with --expose-gc for a steadier heap number)"}`,
);

await service.close();
await worker.close();
await llm.close();
const keys = await redis.keys(`${prefix}*`);
for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
redis.disconnect();
process.exit(0);

/**
 * The floor's worker, never shipped: a BullMQ Worker in its own process that runs each job of the
 * floor's queue (floor-server.ts) by sending `mcpbridge <request>` over one RCON connection and
 * returns the mod's answer data. No signature check, no policy, no job log: the least a
 * queue-based design does per call.
 *
 *   node --import tsx scripts/bench/floor-worker.ts
 * Environment: FLOOR_REDIS_URL, FLOOR_PREFIX, FLOOR_QUEUE, FLOOR_RCON_HOST, FLOOR_RCON_PORT,
 * FLOOR_RCON_PASSWORD.
 */
import { makeRequest, type Operation, toAsciiJson } from "@mcp-bridge/shared";
import { RconClient } from "@mcp-bridge/shared/rcon";
import { Worker } from "bullmq";
import { Redis } from "ioredis";
import { requiredEnv } from "./floor-env.js";

const rcon = new RconClient({
  host: requiredEnv("FLOOR_RCON_HOST"),
  port: Number(requiredEnv("FLOOR_RCON_PORT")),
  password: requiredEnv("FLOOR_RCON_PASSWORD"),
  reconnect: { attempts: 0 },
});
rcon.on("error", () => undefined);
await rcon.connect();

type Answer = { id?: string; payload?: { success?: boolean; data?: unknown; error?: unknown } };

const worker = new Worker(
  requiredEnv("FLOOR_QUEUE"),
  async (job) => {
    const request = makeRequest(job.name as Operation, job.data as never);
    const reply = await rcon.command(`mcpbridge ${toAsciiJson(request)}`);
    const answer = JSON.parse(reply) as Answer;
    if (answer.id !== request.id || answer.payload?.success !== true)
      throw new Error(`wrong answer: ${reply.slice(0, 200)}`);
    return answer.payload.data;
  },
  {
    connection: new Redis(requiredEnv("FLOOR_REDIS_URL"), { maxRetriesPerRequest: null }),
    prefix: requiredEnv("FLOOR_PREFIX"),
    concurrency: 64,
  },
);
await worker.waitUntilReady();
process.stderr.write("floor worker ready\n");

const stop = async () => {
  await worker.close().catch(() => undefined);
  await rcon.close();
  process.exit(0);
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop());

/**
 * The benchmark's floor, never shipped: the least an MCP server on a job queue does per call. Same
 * SDK and transports as ours (shared/mcp: Streamable HTTP with bearer auth, or stdio); every tool
 * call is one BullMQ job (Queue.add) awaited through QueueEvents (job.waitUntilFinished), run by
 * floor-worker.ts in its own process over RCON. No signing, no policy, no argument validation beyond
 * the tool's schema, no single-flight, no logging. Ours over this is the cost of what ours adds.
 *
 *   node --import tsx scripts/bench/floor-server.ts [--http <port>]
 * Environment: FLOOR_REDIS_URL, FLOOR_PREFIX, FLOOR_QUEUE; for HTTP also POLICY_FILE (bearer
 * tokens only) and FLOOR_HOST (default 127.0.0.1).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Policy } from "@mcp-bridge/shared";
import { serveStdio, startHttp } from "@mcp-bridge/shared/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import { requiredEnv } from "./floor-env.js";

const { values } = parseArgs({ options: { http: { type: "string" } } });
const name = requiredEnv("FLOOR_QUEUE");
const prefix = requiredEnv("FLOOR_PREFIX");
const connection = new Redis(requiredEnv("FLOOR_REDIS_URL"), { maxRetriesPerRequest: null });
const queue = new Queue(name, { connection, prefix });
const events = new QueueEvents(name, { connection: connection.duplicate(), prefix });
await events.waitUntilReady();

async function run(tool: string, args: Record<string, unknown>) {
  const job = await queue.add(tool, args, { removeOnComplete: true, removeOnFail: true });
  const data = await job.waitUntilFinished(events, 20_000);
  return { content: [{ type: "text" as const, text: JSON.stringify(data) }] };
}

function newServer(): McpServer {
  const server = new McpServer({ name: "queue-floor", version: "0.0.0" });
  server.registerTool("get_online_players", { description: "one BullMQ job" }, () =>
    run("get_online_players", {}),
  );
  const cube = { x: z.number(), y: z.number(), z: z.number(), radius: z.number() };
  server.registerTool("get_world_info", { description: "one BullMQ job", inputSchema: cube }, (args) =>
    run("get_world_info", args),
  );
  return server;
}

const stop = async (close: () => Promise<void>) => {
  await close().catch(() => undefined);
  await Promise.allSettled([events.close(), queue.close()]);
  process.exit(0);
};

if (values.http !== undefined) {
  const policy = Policy.parse(JSON.parse(readFileSync(requiredEnv("POLICY_FILE"), "utf8")));
  const host = process.env.FLOOR_HOST ?? "127.0.0.1";
  const running = await startHttp(
    () => policy,
    { host, port: Number(values.http), allowedHosts: [host], allowedOrigins: [] },
    () => () => newServer(),
  );
  process.stderr.write(`floor listening on ${running.url}\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(running.close));
} else {
  const running = await serveStdio(newServer());
  process.stdin.once("end", () => void stop(running.close));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(running.close));
}

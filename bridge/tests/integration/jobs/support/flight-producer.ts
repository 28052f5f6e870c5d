/**
 * A producer process for the single-flight tests: one JobClient (as the MCP server runs it) makes
 * one call and prints its outcome as one JSON line. Environment: REDIS_URL, PREFIX, SECRET, OP, ARGS.
 */
import { createLogger, type Operation } from "@mcp-bridge/shared";
import { JobClient } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";

const env = process.env as Record<string, string>;
const redis = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: 1 });
const jobs = new JobClient({
  redis,
  prefix: env.PREFIX!,
  secret: env.SECRET!,
  timeoutMs: 20_000,
  retention: { attempts: 1 },
  logger: createLogger({ name: "flight-producer", level: "silent" }),
});
const outcome = await jobs
  .run("s1", env.OP as Operation, JSON.parse(env.ARGS!), { id: "alice", role: "admin" })
  .catch((error: Error) => ({ status: "error", message: error.message }));
process.stdout.write(`${JSON.stringify(outcome)}\n`);
await jobs.close();
redis.disconnect();

// scripts/up, when REDIS_URL comes from the environment: checks it before anything starts, with the
// same rule the processes apply to its form and one PING, so a wrong URL stops up within seconds
// with what is wrong. Messages name the URL without its password (a malformed one is not echoed).
// Exit 0 when Redis answers; else 1 with one line on stderr.
import { redisUrl } from "@mcp-bridge/shared";
import { redisAddress, redisReason } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";

const FIX = "fix REDIS_URL, or unset it and ./scripts/up starts its own Redis";
const form = redisUrl().safeParse(process.env.REDIS_URL);
if (!form.success) {
  process.stderr.write(`REDIS_URL ${form.error.issues[0]?.message} (e.g. redis://127.0.0.1:6379): ${FIX}\n`);
  process.exit(1);
}
const redis = new Redis(form.data, {
  lazyConnect: true,
  connectTimeout: 3000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
let connectionError;
redis.on("error", (error) => {
  connectionError = error; // reported below, in plain words
});
try {
  await redis.connect();
  await redis.ping();
  redis.disconnect();
} catch (error) {
  process.stderr.write(
    `Redis at ${redisAddress(redis)} is unreachable: ${redisReason(error, connectionError)}; ${FIX}\n`,
  );
  redis.disconnect();
  process.exit(1);
}

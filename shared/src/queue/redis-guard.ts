/**
 * Redis calls made on behalf of a tool must fail fast and clearly when Redis is down, instead of
 * hanging in ioredis' offline queue: CONNECTION_ERROR after a short deadline, in plain words that
 * name the Redis (its URL without the password) and what to do, not ioredis' own wording.
 */

import { Cluster } from "ioredis";
import { BridgeError } from "../index.js";
import type { RedisConnection } from "../redis/connect.js";

export const REDIS_DEADLINE_MS = 3000;

/** The client's last connection error (ioredis reports it on "error" and then only retries). */
const lastErrors = new WeakMap<RedisConnection, Error>();
const watched = new WeakSet<RedisConnection>();

export async function guardRedis<T>(
  redis: RedisConnection,
  what: string,
  call: () => Promise<T>,
  deadlineMs = REDIS_DEADLINE_MS,
): Promise<T> {
  watchConnection(redis);
  if (redis.status === "end" || redis.status === "close")
    throw unreachable(redis, what, `its connection is ${redis.status === "end" ? "closed" : "down"}`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(unreachable(redis, what, `no answer within ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([call(), deadline]);
  } catch (error) {
    if (error instanceof BridgeError) throw error;
    throw redisUnreachable(redis, what, error);
  } finally {
    clearTimeout(timer);
  }
}

/** Where a client connects, as a URL without the password: redis://host:port/db. */
export function redisAddress(redis: RedisConnection): string {
  if (redis instanceof Cluster) {
    const nodes = redis.nodes("master").map((n) => `${n.options.host}:${n.options.port}`);
    return `redis+cluster://${nodes.join(",") || "(no node known yet)"}`;
  }
  const o = redis.options;
  if (o.path) return `unix:${o.path}`;
  if (o.sentinels?.length) {
    const sentinels = o.sentinels.map((s) => `${s.host}:${s.port}`).join(",");
    return `redis+sentinel://${sentinels}/${o.name ?? ""}${o.db ? `/${o.db}` : ""}`;
  }
  const user = o.username ? `${o.username}@` : "";
  return `${o.tls ? "rediss" : "redis"}://${user}${o.host}:${o.port}${o.db ? `/${o.db}` : ""}`;
}

/**
 * A Redis failure in plain words. `error` is what the call threw; `connectionError` the client's last
 * connection error, which says why when ioredis only reports that it gave up retrying.
 */
export function redisReason(error: unknown, connectionError?: Error): string {
  const thrown = error as Error & { code?: string };
  const gaveUp = /max retries per request|Connection is closed|Stream isn't writeable/i.test(
    thrown?.message ?? "",
  );
  const cause = (gaveUp ? connectionError : thrown) ?? thrown;
  const code = (cause as { code?: string })?.code ?? "";
  const message = cause?.message ?? String(cause);
  if (code === "ECONNREFUSED") return "nothing accepts connections there (is redis-server running?)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "its host name does not resolve";
  if (code === "ETIMEDOUT" || /connect ETIMEDOUT/.test(message)) return "connecting timed out";
  if (code === "ECONNRESET" || code === "EPIPE") return "it closed the connection";
  if (/WRONGPASS|invalid username-password|NOAUTH|AUTH.*without any password/i.test(message))
    return "it refused the password (check the password in REDIS_URL)";
  if (gaveUp) return "it is not connected";
  return message;
}

/** CONNECTION_ERROR for a failed Redis call made while `what`, in plain words. */
export function redisUnreachable(redis: RedisConnection, what: string, error: unknown): BridgeError {
  watchConnection(redis);
  return unreachable(redis, what, redisReason(error, lastErrors.get(redis)), error);
}

function watchConnection(redis: RedisConnection): void {
  if (watched.has(redis)) return;
  watched.add(redis);
  redis.on("error", (error: Error) => lastErrors.set(redis, error));
  redis.on("ready", () => lastErrors.delete(redis));
}

function unreachable(redis: RedisConnection, what: string, reason: string, cause?: unknown): BridgeError {
  return new BridgeError(
    "CONNECTION_ERROR",
    `Redis at ${redisAddress(redis)} is unreachable while ${what}: ${reason}. Start it or fix REDIS_URL`,
    { cause },
  );
}

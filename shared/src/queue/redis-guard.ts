/**
 * Redis calls made on behalf of a tool must fail fast and clearly when Redis is down, instead of
 * hanging in ioredis' offline queue: CONNECTION_ERROR after a short deadline.
 */

import type { Redis } from "ioredis";
import { BridgeError } from "../index.js";

export const REDIS_DEADLINE_MS = 3000;

export async function guardRedis<T>(
  redis: Redis,
  what: string,
  call: () => Promise<T>,
  deadlineMs = REDIS_DEADLINE_MS,
): Promise<T> {
  if (redis.status === "end" || redis.status === "close")
    throw unreachable(what, `connection ${redis.status}`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unreachable(what, `no answer within ${deadlineMs} ms`)), deadlineMs);
  });
  try {
    return await Promise.race([call(), deadline]);
  } catch (error) {
    if (error instanceof BridgeError) throw error;
    throw unreachable(what, (error as Error).message, error);
  } finally {
    clearTimeout(timer);
  }
}

function unreachable(what: string, reason: string, cause?: unknown): BridgeError {
  return new BridgeError("CONNECTION_ERROR", `Redis is unreachable (${what}: ${reason}); try again later`, {
    cause,
  });
}

/**
 * Test support (not part of the package surface): the Redis that tests use and unique names so
 * that test runs never see each other's keys. scripts/test sets REDIS_URL (a private redis-server).
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

/** A key prefix unique to one test (BullMQ prefix and our own keys). */
export function uniquePrefix(label = "t"): string {
  return `test-${label}-${randomUUID().slice(0, 8)}`;
}

/** Deletes every key under the prefix (test and benchmark cleanup), 500 keys a command. */
export async function dropKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}:*`);
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
}

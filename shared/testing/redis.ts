/**
 * Test support (not part of the package surface): the Redis that tests use and unique names so
 * that test runs never see each other's keys. scripts/test sets REDIS_URL (a private redis-server).
 */
import { randomUUID } from "node:crypto";

export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

/** A key prefix unique to one test (BullMQ prefix and our own keys). */
export function uniquePrefix(label = "t"): string {
  return `test-${label}-${randomUUID().slice(0, 8)}`;
}

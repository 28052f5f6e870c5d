import type { Socket } from "node:net";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { coalesceRedisWrites, duplicateConnection } from "../../src/redis-writes.js";

const connections: Redis[] = [];
afterEach(() => {
  for (const c of connections.splice(0)) c.disconnect();
});

/** Counts the socket's writes that reach the kernel (one per _write or _writev). */
function countWrites(redis: Redis): { count: number } {
  const socket = (redis as unknown as { stream: Socket }).stream as Socket & {
    _write: (...a: unknown[]) => void;
    _writev: (...a: unknown[]) => void;
  };
  const counter = { count: 0 };
  for (const name of ["_write", "_writev"] as const) {
    const original = socket[name].bind(socket);
    socket[name] = (...a: unknown[]) => {
      counter.count++;
      original(...a);
    };
  }
  return counter;
}

/** 100 commands, 10 transactions and 10 pipelines issued in one turn; their replies, in order. */
async function burst(redis: Redis, key: string): Promise<unknown[]> {
  const replies: Promise<unknown>[] = [];
  for (let i = 0; i < 100; i++) replies.push(redis.rpush(key, String(i)));
  for (let i = 0; i < 10; i++) replies.push(redis.multi().incr(`${key}:n`).lrange(key, -1, -1).exec());
  for (let i = 0; i < 10; i++) replies.push(redis.pipeline().llen(key).exec());
  return Promise.all(replies);
}

describe("coalesceRedisWrites (real Redis)", () => {
  it("sends a turn's commands, transactions and pipelines in a few writes, replies unchanged", async () => {
    const key = uniquePrefix("coalesce");
    const redis = coalesceRedisWrites(new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 }));
    const plain = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
    connections.push(redis, plain);
    await Promise.all([redis.ping(), plain.ping()]);
    const writes = countWrites(redis);
    const plainWrites = countWrites(plain);
    const replies = await burst(redis, key);
    const expected = await burst(plain, `${key}:plain`);
    expect(replies.slice(0, 100)).toEqual(expected.slice(0, 100));
    expect(replies.slice(100, 110)).toEqual(
      Array.from({ length: 10 }, (_, i) => [
        [null, i + 1],
        [null, ["99"]],
      ]),
    );
    expect(replies.slice(110)).toEqual(Array.from({ length: 10 }, () => [[null, 100]]));
    expect(plainWrites.count).toBeGreaterThanOrEqual(100);
    expect(writes.count).toBeLessThanOrEqual(2);
    await redis.del(key, `${key}:n`, `${key}:plain`, `${key}:plain:n`);
  });

  it("coalesces again after a reconnect, and on duplicates of a coalescing connection", async () => {
    const key = uniquePrefix("coalesce");
    const redis = coalesceRedisWrites(new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 }));
    connections.push(redis);
    await redis.ping();
    redis.disconnect(true);
    await new Promise<void>((resolve) => redis.once("ready", () => resolve()));
    const writes = countWrites(redis);
    await burst(redis, key);
    expect(writes.count).toBeLessThanOrEqual(2);
    const copy = duplicateConnection(redis);
    connections.push(copy);
    await copy.ping();
    const copyWrites = countWrites(copy);
    await burst(copy, `${key}:copy`);
    expect(copyWrites.count).toBeLessThanOrEqual(2);
    await redis.del(key, `${key}:n`, `${key}:copy`, `${key}:copy:n`);
  });
});

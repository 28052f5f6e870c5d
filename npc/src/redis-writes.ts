/**
 * Write coalescing on the NPC service's Redis connections (shared/coalesce-writes.ts on the socket):
 * the commands, transactions and scripts issued in one event-loop turn (several NPCs' batches, their
 * XACKs and job adds) leave in one socket write instead of one each; at 1,000 lines/s about 6
 * commands per write. Same bytes in the same order, so replies are unchanged. ioredis makes a new
 * socket on every reconnect: the coalescing is applied again to each.
 */
import type { Socket } from "node:net";
import { coalesceWrites, duplicateRedis, type RedisConnection } from "@mcp-bridge/shared";

const clients = new WeakSet<RedisConnection>();

/** Coalesces the connection's writes, on its current socket and on every later one. */
export function coalesceRedisWrites<T extends RedisConnection>(redis: T): T {
  if (clients.has(redis)) return redis;
  clients.add(redis);
  const apply = () => {
    const socket = (redis as unknown as { stream?: Socket }).stream;
    if (socket) coalesceWrites(socket);
  };
  redis.on("connect", apply);
  apply();
  return redis;
}

/** A new connection with the same options, coalescing its writes when `redis` does. */
export function duplicateConnection<T extends RedisConnection>(redis: T): T {
  const copy = duplicateRedis(redis) as T;
  return clients.has(redis) ? coalesceRedisWrites(copy) : copy;
}

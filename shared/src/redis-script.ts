/**
 * A Lua script as an ioredis defined command: sent as EVALSHA (the script's text is not sent and
 * hashed by Redis for every call), and as the script itself when Redis lost it (NOSCRIPT).
 * Defined once per connection (a connection shared by several users keeps the first definition).
 */
import type { RedisConnection } from "./redis/connect.js";

/** The connection, typed with the command `C` names; `numberOfKeys` absent: each call passes it first. */
export function withScript<C>(
  redis: RedisConnection,
  name: keyof C & string,
  script: { numberOfKeys?: number; lua: string },
): RedisConnection & C {
  if (!(name in redis)) redis.defineCommand(name, script);
  return redis as RedisConnection & C;
}

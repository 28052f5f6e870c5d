/**
 * A Lua script as an ioredis defined command: sent as EVALSHA (the script's text is not sent and
 * hashed by Redis for every call), and as the script itself when Redis lost it (NOSCRIPT).
 * Defined once per connection (a connection shared by several users keeps the first definition).
 */
import type { Redis } from "ioredis";

/** The connection, typed with the command `C` names; `numberOfKeys` absent: each call passes it first. */
export function withScript<C>(
  redis: Redis,
  name: keyof C & string,
  script: { numberOfKeys?: number; lua: string },
): Redis & C {
  if (!(name in redis)) redis.defineCommand(name, script);
  return redis as Redis & C;
}

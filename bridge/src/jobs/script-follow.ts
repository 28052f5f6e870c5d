/**
 * One way to put a command of ours in the same socket write as one of BullMQ's Lua script commands
 * (`moveToActive`, `moveToFinished`), so Redis runs it right after that script without another
 * round trip: BullMQ defines each script as a command `<name>:<version>` on its connection once it
 * is connected (ioredis `scriptsSet`); it is replaced here, once per connection, by a wrapper that
 * asks `follow` what goes behind this call (BullMQ passes its keys and arguments as one array) and,
 * when something does, corks the socket around the call and it. Used by lean-worker.ts (the marker
 * check behind a fetch) and paired-replies.ts (a job's reply behind its finish).
 */
import type { RedisConnection } from "@mcp-bridge/shared";

type Send = (...args: unknown[]) => Promise<unknown>;

/**
 * Wraps BullMQ's `name` script command on `connection`; `follow(keysAndArgs)` returns what to send
 * right after a call (undefined: the call goes alone). False when BullMQ has not defined the command
 * on this connection yet (not connected). Call it once per connection and command.
 */
export function followScriptCommand(
  connection: RedisConnection,
  name: string,
  follow: (keysAndArgs: unknown[]) => (() => void) | undefined,
): boolean {
  const redis = connection as unknown as Record<string, unknown> & {
    scriptsSet?: Record<string, unknown>;
    status: string;
    stream?: { cork(): void; uncork(): void };
  };
  const command = Object.keys(redis.scriptsSet ?? {}).find((key) => key.startsWith(`${name}:`));
  const send = command ? (redis[command] as Send | undefined) : undefined;
  if (!command || typeof send !== "function") return false;
  redis[command] = (...args: unknown[]) => {
    const after = follow((Array.isArray(args[0]) ? args[0] : args) as unknown[]);
    if (!after) return send.apply(redis, args);
    const stream = redis.status === "ready" ? redis.stream : undefined;
    stream?.cork();
    try {
      const result = send.apply(redis, args);
      after();
      return result;
    } finally {
      stream?.uncork();
    }
  };
  return true;
}

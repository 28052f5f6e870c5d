/**
 * Per-client rate limit shared by every MCP process: at most the role's rateLimit.perMinute calls in
 * ANY 60 s window (a sliding log in Redis: one sorted-set entry per accepted call under
 * redisKeys(prefix).rate(clientId), trimmed and counted atomically by one Lua script). A fixed
 * one-minute window would let a client make twice its limit across a window boundary. Refused calls
 * are not counted. Over the limit -> RATE_LIMITED with the seconds until the oldest call leaves the
 * window.
 */
import { randomUUID } from "node:crypto";
import { BridgeError, type RedisConnection, redisKeys, runScript } from "@mcp-bridge/shared";
import { guardRedis } from "@mcp-bridge/shared/queue";
import { RATE_SLIDING_LOG } from "../lua/index.js";

export const RATE_WINDOW_MS = 60_000;

export class RateLimiter {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call; throws RATE_LIMITED when the client already made `perMinute` in the last 60 s. */
  async consume(clientId: string, perMinute: number | undefined): Promise<void> {
    if (perMinute === undefined) return;
    const now = this.now();
    const key = redisKeys(this.prefix).rate(clientId);
    const [accepted, waitMs] = (await guardRedis(this.redis, "counting the rate limit", () =>
      runScript(
        this.redis,
        RATE_SLIDING_LOG,
        [key],
        [now, RATE_WINDOW_MS, perMinute, `${now}-${randomUUID()}`],
      ),
    )) as [number, number];
    if (accepted === 1) return;
    const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
    throw new BridgeError(
      "RATE_LIMITED",
      `Client '${clientId}' made ${perMinute} calls in the last 60 s, its limit; retry in ${retryAfterS} s`,
      { details: { retryAfterS, perMinute } },
    );
  }
}

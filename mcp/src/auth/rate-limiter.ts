/**
 * Per-client rate limit shared by every MCP process: a fixed one-minute window counted in Redis
 * under redisKeys(prefix).rate(clientId). Over the role's rateLimit.perMinute -> RATE_LIMITED with
 * the seconds to wait.
 */
import { BridgeError, redisKeys } from "@mcp-bridge/shared";
import type { Redis } from "ioredis";
import { guardRedis } from "../jobs/redis-guard.js";

const WINDOW_MS = 60_000;

export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call; throws RATE_LIMITED when the client is over `perMinute` in this window. */
  async consume(clientId: string, perMinute: number | undefined): Promise<void> {
    if (perMinute === undefined) return;
    const now = this.now();
    const windowStart = now - (now % WINDOW_MS);
    const key = `${redisKeys(this.prefix).rate(clientId)}:${windowStart}`;
    const count = await guardRedis(this.redis, "counting the rate limit", async () => {
      const replies = await this.redis
        .multi()
        .incr(key)
        .pexpire(key, WINDOW_MS + 1000)
        .exec();
      return Number(replies?.[0]?.[1] ?? 0);
    });
    if (count > perMinute) {
      const retryAfterS = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new BridgeError(
        "RATE_LIMITED",
        `Client '${clientId}' made more than ${perMinute} calls this minute; retry in ${retryAfterS} s`,
        { details: { retryAfterS, perMinute } },
      );
    }
  }
}

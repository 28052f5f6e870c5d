/**
 * Per-client rate limit shared by every MCP process: at most the role's rateLimit.perMinute calls in
 * ANY 60 s window (a sliding log in Redis: one sorted-set entry per accepted call under
 * redisKeys(prefix).rate(clientId), trimmed and counted atomically by one Lua script). A fixed
 * one-minute window would let a client make twice its limit across a window boundary. Refused calls
 * are not counted. Over the limit -> RATE_LIMITED with the seconds until the oldest call leaves the
 * window.
 */
import { randomUUID } from "node:crypto";
import type { RedisConnection } from "@mcp-bridge/shared";
import { BridgeError, redisKeys } from "@mcp-bridge/shared";
import { guardRedis } from "@mcp-bridge/shared/queue";

export const RATE_WINDOW_MS = 60_000;

/**
 * KEYS[1] the client's log; ARGV: now ms, window ms, limit, a unique member.
 * Returns {1, 0} when the call is accepted (and recorded), {0, ms until a slot frees} when refused.
 */
const SLIDING_LOG = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if oldest[2] == nil then return {0, window} end
return {0, tonumber(oldest[2]) + window - now}
`;

type SlidingLogRedis = RedisConnection & {
  rateSlidingLog(
    key: string,
    now: number,
    window: number,
    limit: number,
    member: string,
  ): Promise<[number, number]>;
};

export class RateLimiter {
  private readonly redis: SlidingLogRedis;

  constructor(
    redis: RedisConnection,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    if (!("rateSlidingLog" in redis))
      redis.defineCommand("rateSlidingLog", { numberOfKeys: 1, lua: SLIDING_LOG });
    this.redis = redis as SlidingLogRedis;
  }

  /** Counts one call; throws RATE_LIMITED when the client already made `perMinute` in the last 60 s. */
  async consume(clientId: string, perMinute: number | undefined): Promise<void> {
    if (perMinute === undefined) return;
    const now = this.now();
    const key = redisKeys(this.prefix).rate(clientId);
    const [accepted, waitMs] = await guardRedis(this.redis, "counting the rate limit", () =>
      this.redis.rateSlidingLog(key, now, RATE_WINDOW_MS, perMinute, `${now}-${randomUUID()}`),
    );
    if (accepted === 1) return;
    const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
    throw new BridgeError(
      "RATE_LIMITED",
      `Client '${clientId}' made ${perMinute} calls in the last 60 s, its limit; retry in ${retryAfterS} s`,
      { details: { retryAfterS, perMinute } },
    );
  }
}

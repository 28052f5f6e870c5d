// The rate limiter against a real Redis with a controlled clock: in ANY 60 s window a client gets at
// most its perMinute calls (no double allowance across a window boundary), and a call is refused only
// when that window is really full. Compared with a reference sliding log kept in the test.
import fc from "fast-check";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { RATE_WINDOW_MS, RateLimiter } from "../../src/auth/rate-limiter.js";

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
afterAll(async () => {
  await redis.quit();
});

async function outcome(limiter: RateLimiter, client: string, perMinute: number): Promise<number | "ok"> {
  try {
    await limiter.consume(client, perMinute);
    return "ok";
  } catch (error) {
    const e = error as { code?: string; details?: { retryAfterS?: number } };
    expect(e.code).toBe("RATE_LIMITED");
    return e.details?.retryAfterS ?? Number.NaN;
  }
}

describe("rate limiter (sliding 60 s window)", () => {
  it("accepts exactly what a sliding log allows, for any call times", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 25 }),
        async (perMinute, gaps) => {
          let clock = 1_800_000_000_000;
          const prefix = uniquePrefix("rate");
          const limiter = new RateLimiter(redis, prefix, () => clock);
          const accepted: number[] = [];
          for (const gap of gaps) {
            clock += gap;
            const inWindow = accepted.filter((t) => t > clock - RATE_WINDOW_MS);
            const result = await outcome(limiter, "alice", perMinute);
            if (inWindow.length < perMinute) {
              expect(result).toBe("ok");
              accepted.push(clock);
            } else {
              // The wait is until the oldest call in the window leaves it.
              expect(result).toBe(Math.max(1, Math.ceil((inWindow[0]! + RATE_WINDOW_MS - clock) / 1000)));
            }
          }
          // Never more than perMinute accepted calls in any 60 s window.
          for (const t of accepted) {
            expect(accepted.filter((u) => u >= t && u < t + RATE_WINDOW_MS).length).toBeLessThanOrEqual(
              perMinute,
            );
          }
          await redis.del(`${prefix}:rate:alice`);
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it("refuses a burst at the end of one minute followed by one at the start of the next", async () => {
    let clock = 1_800_000_059_000; // 1 s before a minute boundary
    const prefix = uniquePrefix("rate");
    const limiter = new RateLimiter(redis, prefix, () => clock);
    for (let i = 0; i < 3; i++) expect(await outcome(limiter, "bob", 3)).toBe("ok");
    clock += 2_000; // 1 s into the next minute: a fixed window would start counting again
    expect(await outcome(limiter, "bob", 3)).toBe(58);
    clock += 58_000;
    expect(await outcome(limiter, "bob", 3)).toBe("ok");
    await redis.del(`${prefix}:rate:bob`);
  });

  it("keeps clients apart", async () => {
    const prefix = uniquePrefix("rate");
    const limiter = new RateLimiter(redis, prefix, () => 1_800_000_000_000);
    expect(await outcome(limiter, "a", 1)).toBe("ok");
    expect(await outcome(limiter, "a", 1)).toBe(60);
    expect(await outcome(limiter, "b", 1)).toBe("ok");
    await redis.del(`${prefix}:rate:a`, `${prefix}:rate:b`);
  });
});

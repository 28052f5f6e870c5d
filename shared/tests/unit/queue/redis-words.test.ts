// Redis failures in plain words: the URL without its password, and the cause ioredis hides behind
// "Reached the max retries per request limit".
import { connectRedis } from "@mcp-bridge/shared";
import { redisAddress, redisReason } from "@mcp-bridge/shared/queue";
import fc from "fast-check";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6390"), { code: "ECONNREFUSED" });
const gaveUp = new Error(
  'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
);

describe("Redis errors in plain words", () => {
  it("names the Redis by URL without its password, whatever the password is", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((p) => !/[@/:?#%\s]/.test(p)),
        (pw) => {
          const redis = new Redis(`redis://user:${pw}@127.0.0.1:6390/2`, { lazyConnect: true });
          const address = redisAddress(redis);
          expect(address).toBe("redis://user@127.0.0.1:6390/2");
          expect(address).not.toContain(`:${pw}@`);
        },
      ),
      { numRuns: 100 },
    );
    expect(redisAddress(new Redis("rediss://:pw@example.test:6380", { lazyConnect: true }))).toBe(
      "rediss://example.test:6380",
    );
    // A Sentinel connection is named by its sentinels and master, never by a password.
    const sentinel = connectRedis(
      "redis+sentinel://:pw@127.0.0.1:26379,127.0.0.1:26380/mymaster?sentinelPassword=spw",
      { lazyConnect: true },
    );
    expect(redisAddress(sentinel)).toBe("redis+sentinel://127.0.0.1:26379,127.0.0.1:26380/mymaster");
    sentinel.disconnect();
  });

  it("says why instead of ioredis' retry wording", () => {
    expect(redisReason(gaveUp, refused)).toMatch(/nothing accepts connections there/);
    expect(redisReason(refused)).toMatch(/nothing accepts connections there/);
    expect(redisReason(gaveUp)).toBe("it is not connected");
    expect(redisReason(new Error("WRONGPASS invalid username-password pair"))).toMatch(
      /refused the password/,
    );
    expect(redisReason(Object.assign(new Error("getaddrinfo ENOTFOUND x"), { code: "ENOTFOUND" }))).toMatch(
      /does not resolve/,
    );
  });
});

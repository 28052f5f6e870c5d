import {
  CommonEnv,
  connectRedis,
  keysPerCommand,
  parseClusterUrl,
  parseSentinelUrl,
  redactRedisUrl,
} from "@mcp-bridge/shared";
import fc from "fast-check";
import { Cluster } from "ioredis";
import { describe, expect, it } from "vitest";

describe("REDIS_URL with Sentinels", () => {
  it("a plain redis:// URL is not a Sentinel target", () => {
    expect(parseSentinelUrl("redis://:pw@127.0.0.1:6379/2")).toBeUndefined();
  });

  it("reads the Sentinels, the master name, the primary's credentials, the db and the Sentinels' password", () => {
    expect(
      parseSentinelUrl(
        "redis+sentinel://app:p%40ss@10.0.0.1:26379,sentinel-2,[::1]:26380/mymaster/3?sentinelPassword=s3&sentinelUsername=sen",
      ),
    ).toEqual({
      sentinels: [
        { host: "10.0.0.1", port: 26379 },
        { host: "sentinel-2", port: 26379 },
        { host: "::1", port: 26380 },
      ],
      name: "mymaster",
      username: "app",
      password: "p@ss",
      db: 3,
      sentinelPassword: "s3",
      sentinelUsername: "sen",
    });
  });

  it.each([
    ["redis+sentinel://h:26379", /master name/],
    ["redis+sentinel:///mymaster", /Sentinel/],
    ["redis+sentinel://h:99999/m", /bad Sentinel address/],
    ["redis+sentinel://h:1/m/x", /database number/],
    ["redis+sentinel://h:1/m?password=x", /unknown option password/],
  ])("refuses %s with a reason", (url, reason) => {
    expect(() => parseSentinelUrl(url)).toThrow(reason);
    const result = CommonEnv.REDIS_URL.safeParse(url);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(reason);
  });

  it("the config kit accepts a good Sentinel URL", () => {
    expect(CommonEnv.REDIS_URL.parse("redis+sentinel://:pw@127.0.0.1:26379/m")).toBe(
      "redis+sentinel://:pw@127.0.0.1:26379/m",
    );
  });

  it("logs never show either password", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{1,20}$/),
        fc.stringMatching(/^[A-Za-z0-9]{1,20}$/),
        (pw, spw) => {
          const shown = redactRedisUrl(
            `redis+sentinel://user:${pw}@h1:26379,h2:26379/m?sentinelPassword=${spw}`,
          );
          expect(shown).toBe("redis+sentinel://user:***@h1:26379,h2:26379/m?sentinelPassword=***");
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("REDIS_URL of a Redis Cluster", () => {
  it("reads the nodes (6379 when no port) and the credentials", () => {
    expect(parseClusterUrl("redis+cluster://app:p%40ss@10.0.0.1:7000,node-2,[::1]:7002")).toEqual({
      nodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "node-2", port: 6379 },
        { host: "::1", port: 7002 },
      ],
      username: "app",
      password: "p@ss",
    });
    expect(parseClusterUrl("redis://h:1")).toBeUndefined();
  });

  it.each([
    ["redis+cluster://", /names no node/],
    ["redis+cluster://h:1/0", /a cluster has no databases/],
    ["redis+cluster://h:1?password=x", /a cluster has no databases/],
    ["redis+cluster://h:70000", /bad node address/],
  ])("refuses %s with a reason", (url, reason) => {
    expect(() => parseClusterUrl(url)).toThrow(reason);
    const result = CommonEnv.REDIS_URL.safeParse(url);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join()).toMatch(reason);
  });

  it("connectRedis gives a Cluster; its readers split keys by slot, a single Redis's do not", () => {
    const cluster = connectRedis("redis+cluster://127.0.0.1:1", { lazyConnect: true });
    const single = connectRedis("redis://127.0.0.1:1", { lazyConnect: true });
    const keys = ["p:{s1}:events", "p:{s2}:events", "p:{s1}:lines"];
    expect(cluster).toBeInstanceOf(Cluster);
    expect(keysPerCommand(cluster, keys)).toEqual([["p:{s1}:events", "p:{s1}:lines"], ["p:{s2}:events"]]);
    expect(keysPerCommand(single, keys)).toEqual([keys]);
    cluster.disconnect();
    single.disconnect();
  });
});

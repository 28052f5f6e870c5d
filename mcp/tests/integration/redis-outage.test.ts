// A stopped Redis: tools answer CONNECTION_ERROR quickly and clearly, the server keeps serving, and
// everything works again once Redis is back. Runs its own redis-server so it can stop it.
import { Policy } from "@mcp-bridge/shared";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisServerAvailable } from "../../../shared/testing/redis-server.js";
import { Subscription } from "../../src/events/subscription.js";
import { createRuntime, type Runtime } from "../../src/runtime.js";
import { createServer } from "../../src/server.js";
import { call, errorCode, JOB_SECRET, testPolicyDocument, textOf } from "../support/harness.js";
import { PrivateRedis } from "../support/private-redis.js";

let redis: PrivateRedis;
let runtime: Runtime;
let client: Client;

describe.skipIf(!redisServerAvailable())("Redis outage", () => {
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const policy = Policy.parse(testPolicyDocument());
    runtime = createRuntime(
      {
        redisUrl: redis.url,
        redisPrefix: "outage",
        jobSecret: JOB_SECRET,
        servers: ["alpha"],
        jobTimeoutMs: 1000,
      },
      pino({ level: "silent" }),
      () => policy,
    );
    const server = createServer(runtime.deps, { clientId: "admin", subscription: new Subscription() });
    const [a, b] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: "outage-test", version: "1.0.0" });
    await Promise.all([client.connect(a), server.connect(b)]);
  });
  afterAll(async () => {
    await client?.close();
    await runtime?.close();
    await redis?.stop();
  }, 15_000);

  it("answers CONNECTION_ERROR while Redis is down and recovers when it is back", async () => {
    expect((await call(client, "get_events")).isError).toBeFalsy();
    await redis.stop();
    for (const [tool, args] of [
      ["get_online_players", {}],
      ["get_events", {}],
      ["execute_command", { command: "say hi" }],
    ] as const) {
      const started = Date.now();
      const result = await call(client, tool, args);
      expect(errorCode(result), tool).toBe("CONNECTION_ERROR");
      // Plain words naming the Redis (no password) and what to do; not ioredis' own wording.
      expect(textOf(result)).toContain(
        `Redis at ${redis.url.replace(/\/\/[^@]*@/, "//")} is unreachable while `,
      );
      expect(textOf(result)).toMatch(
        /: (nothing accepts connections there|its connection is down|no answer within)/,
      );
      expect(textOf(result)).toContain("Start it or fix REDIS_URL");
      expect(textOf(result)).not.toMatch(/maxRetriesPerRequest|max retries per request/);
      expect(Date.now() - started, tool).toBeLessThan(5000);
    }
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
    await redis.start();
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      recovered = !(await call(client, "get_events")).isError;
      if (!recovered) await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered).toBe(true);
  }, 60_000);
});

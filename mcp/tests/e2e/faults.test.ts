/**
 * Fault tests, each bounded in time. Each test's name states what it proves. They run the real
 * processes (devserver, bridge, MCP server, Redis) and break one of them on purpose.
 */
import { commandQueueName, queuePrefix, redisKeys } from "@mcp-bridge/shared";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { call, ok, sim } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";
import { PrivateRedis } from "../support/private-redis.js";
import { until } from "./support/processes.js";

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

async function diamondsOf(client: Client, player: string): Promise<number> {
  const info = await ok(client, "get_player_info", { player });
  return (info.inventory as { type: string; quantity: number }[])
    .filter((s) => s.type === "minecraft:diamond")
    .reduce((n, s) => n + s.quantity, 0);
}

async function streamSeqs(s: Stack): Promise<number[]> {
  const redis = new Redis(s.redisUrl);
  try {
    const entries = await redis.xrange(redisKeys(s.prefix).eventStream(s.serverId), "-", "+");
    return entries.map(([, fields]) => {
      const event = JSON.parse(fields[fields.indexOf("event") + 1]!);
      return event.payload.seq as number;
    });
  } finally {
    redis.disconnect();
  }
}

describe("faults", () => {
  it("commands queued while the devserver is down complete after it returns", async () => {
    stack = await startStack();
    const http = await stack.httpClient();
    await ok(http, "get_online_players");
    await stack.devserver.kill();
    const calls = [
      call(http, "get_online_players"),
      call(http, "give_item", { player: "Steve", item: "minecraft:diamond", quantity: 2 }),
      call(http, "get_server_info"),
    ];
    await new Promise((r) => setTimeout(r, 1500));
    await stack.devserver.restart();
    const outcomes = await Promise.all(calls);
    for (const o of outcomes) expect(o.isError, o.text).toBe(false);
    expect(await diamondsOf(http, "Steve")).toBe(2);
  }, 90_000);

  it("after a Redis restart everyone reconnects and jobs and events stored before it are still there", async () => {
    const redis = await PrivateRedis.start({ persistent: true });
    try {
      stack = await startStack({ redisUrl: redis.url });
      const http = await stack.httpClient();
      await ok(http, "give_item", { player: "Steve", item: "minecraft:diamond", quantity: 1 });
      await sim(stack, "sim chat Steve before the restart");
      await until(
        async () => JSON.stringify(await ok(http, "get_chat_history", {})).includes("before the restart"),
        "chat stored",
      );
      const queue = new Queue(commandQueueName(stack.serverId), {
        connection: { url: redis.url },
        prefix: queuePrefix(stack.prefix, stack.serverId),
      });
      const completedBefore = (await queue.getJobCounts("completed")).completed!;
      await queue.close();
      expect(completedBefore).toBeGreaterThan(0);

      await redis.stop();
      await new Promise((r) => setTimeout(r, 1000));
      await redis.start();

      await until(async () => !(await call(http, "get_online_players")).isError, "MCP answers again", 30_000);
      expect(JSON.stringify(await ok(http, "get_chat_history", {}))).toMatch(/before the restart/);
      const again = new Queue(commandQueueName(stack.serverId), {
        connection: { url: redis.url },
        prefix: queuePrefix(stack.prefix, stack.serverId),
      });
      expect((await again.getJobCounts("completed")).completed).toBeGreaterThanOrEqual(completedBefore);
      await again.close();
      await ok(http, "give_item", { player: "Steve", item: "minecraft:diamond", quantity: 1 });
      expect(await diamondsOf(http, "Steve")).toBe(2);
      await sim(stack, "sim chat Steve after the restart");
      await until(
        async () => JSON.stringify(await ok(http, "get_chat_history", {})).includes("after the restart"),
        "events flow again",
        30_000,
      );
    } finally {
      await stack?.stop();
      stack = undefined;
      await redis.stop();
    }
  }, 120_000);

  it("killing the bridge mid-batch loses no job and executes no write twice", async () => {
    stack = await startStack({ mcpEnv: { JOB_TIMEOUT_MS: "90000" } });
    const http = await stack.httpClient();
    const standby = await stack.startBridge("bridge-standby", { standby: true });
    const total = 300;
    const gives = Array.from({ length: total }, () =>
      call(http, "give_item", { player: "Alex", item: "minecraft:diamond", quantity: 1 }),
    );
    // Kill the owner as soon as the first gives have completed, while the rest are in flight.
    const queue = new Queue(commandQueueName(stack.serverId), {
      connection: { url: stack.redisUrl },
      prefix: queuePrefix(stack.prefix, stack.serverId),
    });
    const atKill = await until(async () => {
      const n = (await queue.getJobCounts("completed")).completed!;
      return n > 0 ? n : undefined;
    }, "first gives to complete");
    await stack.bridge.kill();
    await queue.close();
    stack.bridge = standby;
    const outcomes = await Promise.all(gives);
    for (const o of outcomes) expect(o.isError, o.text).toBe(false);
    expect(atKill).toBeLessThan(total);
    expect(await diamondsOf(http, "Alex")).toBe(total);
  }, 120_000);

  it("cutting the mod's WebSocket mid-stream loses and duplicates no event", async () => {
    stack = await startStack();
    await sim(stack, "sim rate 2000 4");
    await new Promise((r) => setTimeout(r, 1200));
    await stack.bridge.kill();
    await new Promise((r) => setTimeout(r, 1000));
    stack.bridge = await stack.startBridge("bridge-after-cut");
    await new Promise((r) => setTimeout(r, 2500));
    const [stopped] = await sim(stack, "sim stop");
    const generated = Number(/generated (\d+) events/.exec(stopped!)?.[1]);
    expect(generated).toBeGreaterThan(4000);
    // Every generated event has a seq; the last one's seq is at least `generated`.
    await until(async () => (await streamSeqs(stack!)).length >= generated, "every event stored", 60_000);
    const seqs = await streamSeqs(stack);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  }, 120_000);

  it("a flood of concurrent calls keeps the MCP server answering and rate limits return RATE_LIMITED", async () => {
    const token = "flood-token-0123456789abcdef";
    const { createHash } = await import("node:crypto");
    stack = await startStack({
      policy: {
        roles: { limited: { tools: ["get_*"], rateLimit: { perMinute: 20 } } },
        clients: [
          { id: "flooder", role: "limited", tokenSha256: createHash("sha256").update(token).digest("hex") },
        ],
      },
    });
    const admin = await stack.httpClient();
    const flooder = await stack.httpClient(token);
    const floods = await Promise.all(Array.from({ length: 50 }, () => call(flooder, "get_server_info")));
    const limited = floods.filter((o) => o.isError && /RATE_LIMITED/.test(o.text));
    expect(floods.filter((o) => !o.isError).length).toBeLessThanOrEqual(20);
    expect(limited.length).toBeGreaterThanOrEqual(30);
    const burst = await Promise.all(Array.from({ length: 200 }, () => call(admin, "get_online_players")));
    expect(burst.filter((o) => o.isError).map((o) => o.text)).toEqual([]);
  }, 120_000);
});

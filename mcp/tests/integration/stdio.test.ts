// The real CLI as a child process over stdio (StdioClientTransport spawning main.ts through tsx):
// startup log on stderr only (docs/properties.md, #14), tools through a real BullMQ peer, events with a cursor,
// and a policy file edit reaching the connected session without reconnecting.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropKeys, testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { FakeBridge } from "../support/fake-bridge.js";
import { appendEvent, call, errorCode, JOB_SECRET, testPolicyDocument } from "../support/harness.js";
import { stdioServer } from "../support/servers.js";
import { ALL_TOOLS } from "../support/tool-names.js";

const prefix = uniquePrefix("stdio");
const policyFile = join(mkdtempSync(join(tmpdir(), "mcp-stdio-")), "policy.json");
let bridge: FakeBridge;
let client: Client;
let transport: StdioClientTransport;
let stderr = "";

beforeAll(async () => {
  writeFileSync(policyFile, JSON.stringify(testPolicyDocument()));
  bridge = new FakeBridge(testRedisUrl(), prefix, JOB_SECRET, ["alpha"]);
  await bridge.ready();
  transport = stdioServer({
    REDIS_PREFIX: prefix,
    POLICY_FILE: policyFile,
    MCP_CLIENT_ID: "admin",
    MCP_EVENT_TYPES: "player_chat",
    JOB_TIMEOUT_MS: "3000",
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await bridge?.close();
  const redis = new Redis(testRedisUrl());
  await dropKeys(redis, prefix);
  redis.disconnect();
});

describe("stdio CLI", () => {
  // Feature: minecraft-mcp-bridge, Property 14: Component startup logging
  it("logs version, config summary and Redis status to stderr, without secrets", async () => {
    await client.listTools();
    const start = stderr.split("\n").find((l) => l.includes("minecraft-mcp starting"));
    expect(start).toBeDefined();
    const line = JSON.parse(start!) as Record<string, unknown>;
    expect(line).toMatchObject({ version: expect.any(String), transport: "stdio", redis: "ready" });
    expect(line.config).toMatchObject({ servers: ["alpha"], redisPrefix: prefix });
    expect(stderr).not.toContain(JOB_SECRET);
  });

  it("runs tools against the queue and reads events with a cursor, filtered by MCP_EVENT_TYPES", async () => {
    expect((await client.listTools()).tools).toHaveLength(ALL_TOOLS.length);
    const players = await call(client, "get_online_players");
    expect(players.structuredContent).toEqual({ players: ["Steve", "Alex"], online: 2, max: 20 });
    const redis = new Redis(testRedisUrl());
    const add = (seq: number, type: string, data: Record<string, unknown>) =>
      appendEvent(redis, prefix, "alpha", type, data, seq);
    await add(1, "player_join", { player: "Steve", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" });
    await add(2, "player_chat", { player: "Steve", message: "hi there" });
    const first = (await call(client, "get_events")).structuredContent as {
      events: { type: string }[];
      nextCursor: string;
    };
    expect(first.events.map((e) => e.type)).toEqual(["player_chat"]);
    await add(3, "player_chat", { player: "Steve", message: "again" });
    const next = (await call(client, "get_events", { cursor: first.nextCursor })).structuredContent as {
      events: { untrustedPlayerText: string }[];
    };
    expect(next.events.map((e) => e.untrustedPlayerText)).toEqual(["again"]);
    redis.disconnect();
  });

  it("applies an edited policy file to the running session", async () => {
    expect(errorCode(await call(client, "send_message", { message: "hi" }))).toBeUndefined();
    const doc = testPolicyDocument();
    doc.roles.admin.tools = ["get_*"];
    writeFileSync(policyFile, JSON.stringify(doc));
    let code: string | undefined;
    for (let i = 0; i < 40 && code !== "PERMISSION_DENIED"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      code = errorCode(await call(client, "send_message", { message: "hi" }));
    }
    expect(code).toBe("PERMISSION_DENIED");
  }, 20_000);
});

/**
 * Test support: the real server (createServer + createRuntime) over a real Redis and BullMQ, a real
 * SDK Client over InMemoryTransport, and a small BullMQ Worker playing the bridge (the peer, not the
 * unit under test): it verifies the signature and answers from a tiny game state.
 */
import { Policy, redisKeys, sha256Hex, toAsciiJson } from "@mcp-bridge/shared";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { dropKeys, testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { Subscription } from "../../src/events/subscription.js";
import { createRuntime, type Runtime } from "../../src/runtime.js";
import { createServer } from "../../src/server.js";
import { ERROR_META_KEY } from "../../src/tools/tool-kit.js";
import { FakeBridge } from "./fake-bridge.js";

export const JOB_SECRET = "test-secret-0123456789abcdef";
export const TOKENS = { admin: "admin-token-1", viewer: "viewer-token-1", limited: "limited-token-1" };

export function testPolicyDocument() {
  return {
    roles: {
      admin: { tools: ["*"], commands: [".*"], players: ["*"], rateLimit: { perMinute: 10_000 } },
      viewer: { tools: ["get_*", "subscribe_events", "wait_for_events", "search_events"], commands: [] },
      limited: {
        tools: ["*"],
        commands: ["say .*", "time (query|set) \\w+"],
        players: ["Steve"],
        rateLimit: { perMinute: 3 },
      },
    },
    clients: [
      { id: "admin", role: "admin", tokenSha256: sha256Hex(TOKENS.admin) },
      { id: "viewer", role: "viewer", tokenSha256: sha256Hex(TOKENS.viewer) },
      { id: "limited", role: "limited", tokenSha256: sha256Hex(TOKENS.limited) },
    ],
  };
}

export interface Harness {
  prefix: string;
  runtime: Runtime;
  bridge: FakeBridge;
  redis: Redis;
  policy: { current: Policy };
  connect(clientId?: string, subscription?: Subscription): Promise<Client>;
  addEvent(serverId: string, type: string, data: Record<string, unknown>, seq?: number): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  servers?: string[];
  /** Servers a FakeBridge answers (default: the first). Others never get a worker. */
  answered?: string[];
  jobTimeoutMs?: number;
  redisUrl?: string;
}

let seqCounter = 0;

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const servers = options.servers ?? ["alpha", "silent"];
  const prefix = uniquePrefix("mcp");
  const redisUrl = options.redisUrl ?? testRedisUrl();
  const policy = { current: Policy.parse(testPolicyDocument()) };
  const logger = pino({ level: "silent" });
  const runtime = createRuntime(
    {
      redisUrl,
      redisPrefix: prefix,
      jobSecret: JOB_SECRET,
      servers,
      jobTimeoutMs: options.jobTimeoutMs ?? 1500,
    },
    logger,
    () => policy.current,
  );
  const bridge = new FakeBridge(testRedisUrl(), prefix, JOB_SECRET, options.answered ?? [servers[0]!]);
  await bridge.ready();
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  const clients: Client[] = [];
  return {
    prefix,
    runtime,
    bridge,
    redis,
    policy,
    async connect(clientId = "admin", subscription = new Subscription()) {
      const server = createServer(runtime.deps, { clientId, subscription });
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: "test-client", version: "1.0.0" });
      await Promise.all([client.connect(clientTransport), server.connect(serverTransport)]);
      clients.push(client);
      return client;
    },
    addEvent: (serverId, type, data, seq = ++seqCounter) =>
      appendEvent(redis, prefix, serverId, type, data, seq),
    async close() {
      await Promise.allSettled(clients.map((c) => c.close()));
      await runtime.close();
      await bridge.close();
      await dropKeys(redis, prefix);
      redis.disconnect();
    },
  };
}

/** Stores a game event in a server's event stream as the bridge's ingest does; returns its stream id. */
export async function appendEvent(
  redis: Redis,
  prefix: string,
  serverId: string,
  type: string,
  data: Record<string, unknown>,
  seq: number,
): Promise<string> {
  const envelope = {
    version: "1.0.0",
    type: "event",
    id: `evt-${seq}`,
    timestamp: Date.now(),
    source: "minecraft",
    payload: { eventType: type, seq, data },
  };
  return (await redis.xadd(
    redisKeys(prefix).eventStream(serverId),
    "*",
    "event",
    toAsciiJson(envelope),
    "type",
    type,
    "player",
    String(data.player ?? ""),
    "serverId",
    serverId,
    "ingestedAt",
    String(Date.now()),
  )) as string;
}

/** The harness of a whole test file: started before its tests, closed after them. */
export function fileHarness(options: HarnessOptions = {}): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    Object.assign(h, await startHarness(options));
  });
  afterAll(async () => {
    if ("close" in h) await h.close();
  });
  return h;
}

/** The protocol error code of an isError result (from _meta), or undefined for a success. */
export function errorCode(result: CallToolResult): string | undefined {
  if (!result.isError) return undefined;
  const meta = result._meta?.[ERROR_META_KEY] as { code?: string } | undefined;
  return meta?.code;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

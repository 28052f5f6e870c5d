/**
 * The NPC service in process against real Redis and the fake LLM (no bridge: jobs time out fast),
 * through its ops port: /healthz, /metrics and the operator MCP tools over Streamable HTTP with a
 * real SDK client and a policy bearer token, from a hot-reloaded policy file (tools/list follows the
 * role: issue 25.3).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, PolicyStore, redisKeys, sha256Hex } from "@mcp-bridge/shared";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { loadConfig } from "../../src/config.js";
import { type OpsServer, startOpsServer } from "../../src/ops/ops-server.js";
import { NpcService } from "../../src/service.js";
import { FakeLlm } from "../../testing/fake-llm.js";

const TOKEN = "operator-token-123456";
const dir = mkdtempSync(join(tmpdir(), "npc-ops-"));
const npcFile = join(dir, "npcs.json");
const policyFile = join(dir, "policy.json");
const bob = {
  id: "bob",
  name: "Villager Bob",
  persona: { systemPrompt: "A merchant." },
  location: { x: 0, y: 64, z: 0 },
};

describe("NPC ops port", () => {
  let llm: FakeLlm;
  let redis: Redis;
  let service: NpcService;
  let ops: OpsServer;
  let client: Client;
  let prefix: string;
  let policies: PolicyStore;
  const policy = {
    roles: { operator: { tools: ["npc_*"] }, observer: { tools: ["npc_list"] } },
    clients: [
      { id: "ops", role: "operator", tokenSha256: sha256Hex(TOKEN) },
      { id: "watcher", role: "observer", tokenSha256: sha256Hex("watcher-token-123456") },
    ],
  };
  const connectWatcher = async () => {
    const watcher = new Client({ name: "watcher", version: "1.0.0" });
    await watcher.connect(
      new StreamableHTTPClientTransport(new URL(`${ops.url}/mcp`), {
        requestInit: { headers: { authorization: "Bearer watcher-token-123456" } },
      }),
    );
    return watcher;
  };
  const toolNames = async (c: Client) => (await c.listTools()).tools.map((t) => t.name).sort();

  beforeAll(async () => {
    llm = await new FakeLlm().start();
    writeFileSync(npcFile, JSON.stringify({ npcs: [bob] }));
    writeFileSync(policyFile, JSON.stringify(policy));
    policies = new PolicyStore(policyFile).watch(50);
    prefix = uniquePrefix("npcops");
    const config = loadConfig({
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      JOB_SECRET: "a-test-secret-0123456789",
      POLICY_FILE: policyFile,
      NPC_FILE: npcFile,
      OLLAMA_HOST: llm.url,
      JOB_TIMEOUT_MS: "200",
    });
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    service = new NpcService(config, redis, createLogger({ name: "npc", level: "silent" }));
    await service.start();
    await service.history.append("bob", [{ kind: "heard", sender: "Steve", text: "Hello Bob", at: 1 }]);
    ops = await startOpsServer(service, redis, () => policies.current(), {
      host: "127.0.0.1",
      port: 0,
      allowedHosts: ["127.0.0.1"],
      policyChanges: policies.onChange,
    });
    client = new Client({ name: "ops-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${ops.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await ops?.close();
    await service?.close();
    redis?.disconnect();
    await llm?.close();
    policies?.close();
  });

  it("reports health of Redis and the LLM backends, and metrics", async () => {
    const health = await (await fetch(`${ops.url}/healthz`)).json();
    expect(health).toMatchObject({ ok: true, redis: true, npcs: 1, llm: { ollama: { ok: true } } });
    const metrics = await (await fetch(`${ops.url}/metrics`)).text();
    expect(metrics).toContain("npc_queue_depth");
    expect(metrics).toContain("npc_llm_latency_seconds");
    await llm.close();
    const down = await fetch(`${ops.url}/healthz`);
    expect(down.status).toBe(503);
    llm = await new FakeLlm().start();
  });

  it("lists NPCs, reads history, says a line and reloads, through MCP tools", async () => {
    const text = (r: Awaited<ReturnType<Client["callTool"]>>) => (r.content as { text: string }[])[0]!.text;
    expect(text(await client.callTool({ name: "npc_list", arguments: {} }))).toContain(
      "bob (Villager Bob) on default at 0 64 0",
    );
    expect(text(await client.callTool({ name: "npc_history", arguments: { id: "bob" } }))).toContain(
      "<Steve> Hello Bob",
    );
    const missing = await client.callTool({ name: "npc_history", arguments: { id: "nobody" } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain("known: bob");
    // No bridge runs here: the line is queued but never confirmed, which the tool reports.
    const say = await client.callTool({ name: "npc_say", arguments: { id: "bob", text: "Welcome!" } });
    expect(text(say)).toMatch(/TIMEOUT|still/);
    writeFileSync(npcFile, JSON.stringify({ npcs: [bob, { ...bob, id: "alice", name: "Alice" }] }));
    expect(text(await client.callTool({ name: "npc_reload", arguments: {} }))).toContain(
      "Reloaded: 2 NPC(s)",
    );
    writeFileSync(npcFile, '{"npcs": [{"id": "BAD"}]}');
    const bad = await client.callTool({ name: "npc_reload", arguments: {} });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain("npcs.0.id");
    expect(service.list()).toHaveLength(2);
    const registry = await vi.waitFor(async () => {
      const hash = await redis.hgetall(redisKeys(prefix).npcRegistry());
      expect(Object.keys(hash).sort()).toEqual(["alice", "bob"]);
      return hash;
    });
    expect(JSON.parse(registry.bob!)).toEqual({ name: "Villager Bob", serverId: "default" });
  });

  it("lists a client only the tools its role may call, and refuses the others when called", async () => {
    expect(await toolNames(client)).toEqual(["npc_history", "npc_list", "npc_reload", "npc_say"]);
    const watcher = await connectWatcher();
    expect(await toolNames(watcher)).toEqual(["npc_list"]);
    const refused = await watcher.callTool({ name: "npc_say", arguments: { id: "bob", text: "hi" } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0]!.text).toContain("PERMISSION_DENIED");
    await watcher.close();
  });

  it("sends tools/list_changed when the policy file changes a role's tools, and lists anew", async () => {
    const watcher = await connectWatcher();
    let changed = 0;
    watcher.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    expect(await toolNames(watcher)).toEqual(["npc_list"]);
    const widened = structuredClone(policy);
    widened.roles.observer.tools = ["npc_list", "npc_history"];
    writeFileSync(policyFile, JSON.stringify(widened));
    await vi.waitFor(() => expect(changed).toBeGreaterThan(0), { timeout: 8000 });
    expect(await toolNames(watcher)).toEqual(["npc_history", "npc_list"]);
    writeFileSync(policyFile, JSON.stringify(policy));
    await vi.waitFor(() => expect(changed).toBeGreaterThan(1), { timeout: 8000 });
    expect(await toolNames(watcher)).toEqual(["npc_list"]);
    await watcher.close();
  });
});

// Issue 11, item 5: push notifications and minecraft:// resources apply the same policy as the pull
// event tools. A role without any event tool receives no event (logging notification or
// resources/updated) and cannot read minecraft://events/recent; a role with only get_chat_history
// gets chat only. Real SDK Clients over Streamable HTTP (in-process server on a real socket) and
// over stdio (the CLI as a child process), beside an admin session that proves the events went out.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Policy, sha256Hex } from "@mcp-bridge/shared";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHttpClient } from "../../../shared/testing/mcp-http-client.js";
import { until } from "../../../shared/testing/processes.js";
import type { RunningHttp } from "../../src/transports/http.js";
import { type Harness, startHarness, testPolicyDocument } from "../support/harness.js";
import { startLoopbackHttp, stdioServer } from "../support/servers.js";

const uuid = "069a79f4-44e9-4726-a5be-fca90e38aaf5";
const TOKENS = { blind: "blind-token-1", chatter: "chatter-token-1", admin: "admin-token-1" };
const URIS = ["minecraft://events/recent", "minecraft://players", "minecraft://server"];

/** The harness policy plus a role without event tools and one with get_chat_history only. */
function policyDocument() {
  const doc = testPolicyDocument();
  return {
    roles: {
      ...doc.roles,
      writer: { tools: ["send_message", "give_item", "get_online_players", "get_server_info"], commands: [] },
      chatter: { tools: ["get_chat_history"], commands: [] },
    },
    clients: [
      ...doc.clients,
      { id: "blind", role: "writer", tokenSha256: sha256Hex(TOKENS.blind) },
      { id: "chatter", role: "chatter", tokenSha256: sha256Hex(TOKENS.chatter) },
    ],
  };
}

interface Received {
  events: { type: string }[];
  updated: string[];
}

async function watch(client: Client): Promise<Received> {
  const got: Received = { events: [], updated: [] };
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    if (n.params.logger === "minecraft.events") got.events.push(n.params.data as { type: string });
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    got.updated.push(n.params.uri);
  });
  for (const uri of URIS) await client.subscribeResource({ uri });
  return got;
}

async function recentEvents(
  client: Client,
): Promise<Record<string, { events?: { type: string }[]; error?: { code: string } }>> {
  const result = await client.readResource({ uri: "minecraft://events/recent" });
  return JSON.parse((result.contents[0] as { text: string }).text);
}

let h: Harness;
let http: RunningHttp;
const clients: Client[] = [];

async function httpClient(token: string): Promise<Client> {
  const client = await connectHttpClient(http.url, token, "push-policy-http");
  clients.push(client);
  return client;
}

async function stdioClient(clientId: string): Promise<Client> {
  const policyFile = join(mkdtempSync(join(tmpdir(), "mcp-push-policy-")), "policy.json");
  writeFileSync(policyFile, JSON.stringify(policyDocument()));
  const client = new Client({ name: "push-policy-stdio", version: "1.0.0" });
  await client.connect(
    stdioServer({ REDIS_PREFIX: h.prefix, POLICY_FILE: policyFile, MCP_CLIENT_ID: clientId }, "ignore"),
  );
  clients.push(client);
  return client;
}

/** A join, a death and a chat; when the admin session has all three, every session was sent them. */
async function emitEvents(admin: Received): Promise<void> {
  const before = admin.events.length;
  await h.addEvent("alpha", "player_join", { player: "Alex", uuid });
  await h.addEvent("alpha", "player_death", {
    player: "Alex",
    cause: "lava",
    location: { world: "minecraft:overworld", x: 1, y: 2, z: 3 },
  });
  await h.addEvent("alpha", "player_chat", { player: "Alex", message: "hello" });
  await until(() => admin.events.length >= before + 3, "the admin session's three events", 10_000, 20);
  await until(() => admin.updated.length >= 3, "the admin session's resource updates", 10_000, 20);
}

beforeAll(async () => {
  h = await startHarness();
  h.policy.current = Policy.parse(policyDocument());
  http = await startLoopbackHttp(h.runtime.deps, () => h.policy.current);
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await http?.close();
  await h?.close();
});

describe("push and resources under a restricted role", () => {
  it("over HTTP: a role without event tools gets no event and no update; chat-only gets chat only", async () => {
    const admin = await watch(await httpClient(TOKENS.admin));
    const blindClient = await httpClient(TOKENS.blind);
    const blind = await watch(blindClient);
    const chatterClient = await httpClient(TOKENS.chatter);
    const chatter = await watch(chatterClient);
    await new Promise((r) => setTimeout(r, 200)); // the stream readers are live

    await emitEvents(admin);
    await until(() => chatter.events.length >= 1, "the chatter's chat event", 10_000, 20);
    // the throttled resources/updated of every session fire within UPDATE_INTERVAL_MS of the admin's
    await new Promise((r) => setTimeout(r, 600));

    expect(admin.events.map((e) => e.type)).toEqual(["player_join", "player_death", "player_chat"]);
    expect(blind.events).toEqual([]);
    expect(blind.updated).not.toContain("minecraft://events/recent");
    expect(chatter.events.map((e) => e.type)).toEqual(["player_chat"]);
    expect(chatter.updated).not.toContain("minecraft://players"); // chatter may not read players

    expect((await recentEvents(blindClient)).alpha?.error?.code).toBe("PERMISSION_DENIED");
    const chat = (await recentEvents(chatterClient)).alpha?.events ?? [];
    expect(chat.length).toBeGreaterThan(0);
    expect(chat.every((e) => e.type === "player_chat")).toBe(true);
    const all = (await recentEvents(clients[0]!)).alpha?.events ?? [];
    expect(new Set(all.map((e) => e.type))).toEqual(new Set(["player_join", "player_death", "player_chat"]));
  });

  it("over stdio: a chat-only role gets the chat event and nothing else", async () => {
    const admin = await watch(await httpClient(TOKENS.admin));
    const chatter = await watch(await stdioClient("chatter"));
    await new Promise((r) => setTimeout(r, 500));

    await emitEvents(admin);
    await until(() => chatter.events.length >= 1, "the stdio chatter's chat event", 10_000, 20);
    await new Promise((r) => setTimeout(r, 600));
    expect(chatter.events.map((e) => e.type)).toEqual(["player_chat"]);
    expect(chatter.updated).not.toContain("minecraft://players");
  }, 60_000);

  it("over stdio: a role without event tools gets no event and cannot read events/recent", async () => {
    const admin = await watch(await httpClient(TOKENS.admin));
    const blindClient = await stdioClient("blind");
    const blind = await watch(blindClient);
    await new Promise((r) => setTimeout(r, 500));

    await emitEvents(admin);
    await new Promise((r) => setTimeout(r, 600));
    expect(blind.events).toEqual([]);
    expect(blind.updated).not.toContain("minecraft://events/recent");
    expect((await recentEvents(blindClient)).alpha?.error?.code).toBe("PERMISSION_DENIED");
  }, 60_000);
});

// Issue 25.3: every list shows only what the caller's role may use. Over Streamable HTTP (real
// socket, bearer tokens) and stdio (the real CLI as a child process), with the policy loaded from a
// file and hot-reloaded: a read-only role lists only the tools it may call, the prompts whose tools
// it has and the resources it may read; completions for a hidden prompt or template offer nothing;
// an edit of the policy file sends list_changed and the next list follows it; a hidden tool called
// directly is still refused with PERMISSION_DENIED.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHttpClient } from "../../../shared/testing/mcp-http-client.js";
import { until } from "../../../shared/testing/processes.js";
import { dropKeys, testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { createRuntime, type Runtime } from "../../src/runtime.js";
import type { RunningHttp } from "../../src/transports/http.js";
import { call, errorCode, JOB_SECRET, TOKENS, testPolicyDocument } from "../support/harness.js";
import { startLoopbackHttp, stdioServer } from "../support/servers.js";
import { ALL_TOOLS, VIEWER_TOOLS } from "../support/tool-names.js";

const prefix = uniquePrefix("lists");
const dir = mkdtempSync(join(tmpdir(), "mcp-lists-"));

const ALL_PROMPTS = [
  "investigate_death",
  "moderate_chat",
  "npc_conversation",
  "summarise_events",
  "welcome_players",
];
const ALL_TEMPLATES = ["minecraft://events/{type}", "minecraft://npcs/{id}", "minecraft://players/{name}"];

const sorted = (names: string[]) => [...names].sort();
const toolNames = async (c: Client) => sorted((await c.listTools()).tools.map((t) => t.name));
const promptNames = async (c: Client) => sorted((await c.listPrompts()).prompts.map((p) => p.name));
const resourceUris = async (c: Client) => sorted((await c.listResources()).resources.map((r) => r.uri));
const templateUris = async (c: Client) =>
  sorted((await c.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate));
const completions = async (
  c: Client,
  ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
  name: string,
  value: string,
) => (await c.complete({ ref, argument: { name, value } })).completion.values;
/** What the events template completes for the event type "player_j". */
const eventTypeCompletions = (c: Client) =>
  completions(c, { type: "ref/resource", uri: "minecraft://events/{type}" }, "type", "player_j");

/** Records the list_changed notifications a client receives. */
function listChanges(client: Client): string[] {
  const seen: string[] = [];
  for (const schema of [
    ToolListChangedNotificationSchema,
    PromptListChangedNotificationSchema,
    ResourceListChangedNotificationSchema,
  ]) {
    client.setNotificationHandler(schema, (n) => {
      seen.push(n.method);
    });
  }
  return seen;
}

/** The test policy with the viewer role cut down to get_server_info. */
function narrowedViewer() {
  const doc = testPolicyDocument();
  doc.roles.viewer.tools = ["get_server_info"];
  return doc;
}

afterAll(async () => {
  const redis = new Redis(testRedisUrl());
  await dropKeys(redis, prefix);
  redis.disconnect();
});

describe("lists over Streamable HTTP follow the role", () => {
  const policyFile = join(dir, "http-policy.json");
  let runtime: Runtime;
  let http: RunningHttp;
  const clients: Client[] = [];
  const connect = async (token: string) => {
    const client = await connectHttpClient(http.url, token, "lists-test");
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    writeFileSync(policyFile, JSON.stringify(testPolicyDocument()));
    runtime = createRuntime(
      {
        redisUrl: testRedisUrl(),
        redisPrefix: prefix,
        jobSecret: JOB_SECRET,
        servers: ["alpha"],
        jobTimeoutMs: 1500,
        policyFile,
      },
      pino({ level: "silent" }),
    );
    http = await startLoopbackHttp(runtime.deps, runtime.policy);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await http?.close();
    await runtime?.close();
  });

  it("shows an admin every tool, prompt and template", async () => {
    const admin = await connect(TOKENS.admin);
    expect(await toolNames(admin)).toEqual(ALL_TOOLS);
    expect(await promptNames(admin)).toEqual(ALL_PROMPTS);
    expect(await templateUris(admin)).toEqual(ALL_TEMPLATES);
    expect(
      await completions(admin, { type: "ref/prompt", name: "welcome_players" }, "starter_item", "diamond_sw"),
    ).toEqual(["minecraft:diamond_sword"]);
  });

  it("shows a read-only role only its read tools and the prompts whose tools it has", async () => {
    const viewer = await connect(TOKENS.viewer);
    const { tools } = await viewer.listTools();
    expect(sorted(tools.map((t) => t.name))).toEqual(VIEWER_TOOLS);
    for (const tool of tools) expect(tool.annotations?.destructiveHint, tool.name).not.toBe(true);
    // welcome_players sends messages (send_message), which this role may not do.
    expect(await promptNames(viewer)).toEqual(ALL_PROMPTS.filter((p) => p !== "welcome_players"));
    expect(
      await completions(
        viewer,
        { type: "ref/prompt", name: "welcome_players" },
        "starter_item",
        "diamond_sw",
      ),
    ).toEqual([]);
    // The write tools it was not shown are refused when called anyway, before anything is queued.
    for (const [name, args] of [
      ["send_message", { message: "hi" }],
      ["execute_command", { command: "say hi" }],
      ["give_item", { player: "Steve", item: "diamond", quantity: 1 }],
      ["teleport_player", { player: "Steve", x: 0, y: 64, z: 0 }],
    ] as const) {
      expect(errorCode(await call(viewer, name, args)), name).toBe("PERMISSION_DENIED");
    }
  });

  it("sends list_changed when a policy file edit changes what a session may use, and lists anew", async () => {
    const viewer = await connect(TOKENS.viewer);
    const admin = await connect(TOKENS.admin);
    const viewerChanges = listChanges(viewer);
    const adminChanges = listChanges(admin);
    expect(await toolNames(viewer)).toEqual(VIEWER_TOOLS);
    expect(await eventTypeCompletions(viewer)).toEqual(["player_join"]);
    writeFileSync(policyFile, JSON.stringify(narrowedViewer()));
    await until(() => viewerChanges.length >= 3, "tools, prompts and resources list_changed", 8000);
    expect(sorted(viewerChanges)).toEqual([
      "notifications/prompts/list_changed",
      "notifications/resources/list_changed",
      "notifications/tools/list_changed",
    ]);
    expect(await toolNames(viewer)).toEqual(["get_server_info"]);
    expect(await promptNames(viewer)).toEqual([]);
    expect(await resourceUris(viewer)).toEqual(["minecraft://server"]);
    expect(await templateUris(viewer)).toEqual([]);
    expect(await eventTypeCompletions(viewer)).toEqual([]);
    expect(errorCode(await call(viewer, "get_online_players"))).toBe("PERMISSION_DENIED");
    // The admin's lists did not change: no notification for it.
    expect(adminChanges).toEqual([]);

    writeFileSync(policyFile, JSON.stringify(testPolicyDocument()));
    await until(() => viewerChanges.length >= 6, "list_changed after the role is widened again", 8000);
    expect(await toolNames(viewer)).toEqual(VIEWER_TOOLS);
    expect(adminChanges).toEqual([]);
  }, 30_000);
});

describe("lists over stdio follow the role", () => {
  const policyFile = join(dir, "stdio-policy.json");
  let client: Client;

  beforeAll(async () => {
    writeFileSync(policyFile, JSON.stringify(testPolicyDocument()));
    client = new Client({ name: "lists-stdio", version: "1.0.0" });
    await client.connect(
      stdioServer({ REDIS_PREFIX: prefix, POLICY_FILE: policyFile, MCP_CLIENT_ID: "viewer" }),
    );
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it("lists a read-only client's read tools only, and follows a policy file edit", async () => {
    const changes = listChanges(client);
    expect(await toolNames(client)).toEqual(VIEWER_TOOLS);
    expect(errorCode(await call(client, "send_message", { message: "hi" }))).toBe("PERMISSION_DENIED");
    writeFileSync(policyFile, JSON.stringify(narrowedViewer()));
    await until(() => changes.includes("notifications/tools/list_changed"), "tools/list_changed", 8000);
    expect(await toolNames(client)).toEqual(["get_server_info"]);
  }, 30_000);
});

// Streamable HTTP over a real socket: bearer auth (docs/properties.md, #18), Host/Origin
// checks against DNS rebinding, per-session subscriptions from headers, real SDK client transport.
import { request } from "node:http";
import { Policy } from "@mcp-bridge/shared";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHttpClient } from "../../../shared/testing/mcp-http-client.js";
import type { RunningHttp } from "../../src/transports/http.js";
import {
  call,
  errorCode,
  type Harness,
  startHarness,
  TOKENS,
  testPolicyDocument,
} from "../support/harness.js";
import { startLoopbackHttp } from "../support/servers.js";
import { VIEWER_TOOLS } from "../support/tool-names.js";

let h: Harness;
let http: RunningHttp;
const clients: Client[] = [];

beforeAll(async () => {
  h = await startHarness();
  http = await startLoopbackHttp(h.runtime.deps, () => h.policy.current);
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await http.close();
  await h.close();
});

async function connect(token: string, headers: Record<string, string> = {}, query = ""): Promise<Client> {
  const client = await connectHttpClient(`${http.url}${query}`, token, "http-test", headers);
  clients.push(client);
  return client;
}

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

async function post(headers: Record<string, string>, body: unknown = INIT) {
  return fetch(http.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** node:http lets a test send any Host header (fetch does not). */
function rawStatus(host: string): Promise<number> {
  const url = new URL(http.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { host, authorization: `Bearer ${TOKENS.admin}`, "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(INIT));
  });
}

describe("bearer auth", () => {
  it("refuses a missing token with 401 AUTH_FAILED", async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    // The JSON-RPC error shape the SDK's own HTTP errors have; the protocol code in data.code.
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32000, message: expect.stringContaining("Missing"), data: { code: "AUTH_FAILED" } },
      id: null,
    });
  });

  // Feature: minecraft-mcp-bridge, Property 18: Authentication enforcement
  it("refuses every token that is not in the policy with 401 AUTH_FAILED", async () => {
    const valid = new Set(Object.values(TOKENS));
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          minLength: 1,
          maxLength: 40,
          unit: fc.constantFrom(..."abcdefXYZ0123456789-_.~+/=".split("")),
        }),
        async (token) => {
          fc.pre(!valid.has(token));
          const res = await post({ authorization: `Bearer ${token}` });
          expect(res.status).toBe(401);
          expect(((await res.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
            "AUTH_FAILED",
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("accepts a policy token, acts as its client, and stops accepting it once revoked", async () => {
    const client = await connect(TOKENS.viewer);
    // The viewer role's tools only (get_*, subscribe/wait_for/search events): no give_item listed.
    expect((await client.listTools()).tools.length).toBe(VIEWER_TOOLS.length);
    expect(errorCode(await call(client, "get_online_players"))).toBeUndefined();
    expect(errorCode(await call(client, "give_item", { player: "Steve", item: "dirt", quantity: 1 }))).toBe(
      "PERMISSION_DENIED",
    );
    const previous = h.policy.current;
    const doc = testPolicyDocument();
    h.policy.current = Policy.parse({ ...doc, clients: doc.clients.filter((c) => c.id !== "viewer") });
    try {
      await expect(client.listTools()).rejects.toThrow(/401|AUTH_FAILED|Unauthorized/i);
    } finally {
      h.policy.current = previous;
    }
  });

  it("does not let one client use another client's session", async () => {
    const admin = await connect(TOKENS.admin);
    await admin.listTools();
    const sessionId = (admin.transport as StreamableHTTPClientTransport).sessionId!;
    const res = await post(
      {
        authorization: `Bearer ${TOKENS.viewer}`,
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-06-18",
      },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    );
    expect(res.status).toBe(403);
  });
});

describe("DNS rebinding protection", () => {
  it("refuses a foreign Host header and a foreign Origin with 403", async () => {
    expect(await rawStatus("evil.example:1234")).toBe(403);
    expect(await rawStatus(`localhost:${new URL(http.url).port}`)).not.toBe(403);
    const res = await post({ authorization: `Bearer ${TOKENS.admin}`, origin: "http://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: expect.stringMatching(/^PERMISSION_DENIED: Origin/),
        data: { code: "PERMISSION_DENIED" },
      },
    });
    const ok = await post({ authorization: `Bearer ${TOKENS.admin}`, origin: "http://localhost:5173" });
    expect(ok.status).toBe(200);
  });
});

describe("per-session subscriptions over HTTP (property 17)", () => {
  it("takes event types from X-MCP-Events or ?events=", async () => {
    await h.addEvent("alpha", "player_join", {
      player: "Steve",
      uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
    });
    await h.addEvent("alpha", "player_chat", { player: "Steve", message: "hello" });
    const byHeader = await connect(TOKENS.admin, { "X-MCP-Events": "player_chat" });
    const byQuery = await connect(TOKENS.admin, {}, "?events=player_join");
    const types = async (c: Client) =>
      ((await call(c, "get_events")).structuredContent as { events: { type: string }[] }).events.map(
        (e) => e.type,
      );
    expect(await types(byHeader)).toEqual(["player_chat"]);
    expect(await types(byQuery)).toEqual(["player_join"]);
    const bad = await post({ authorization: `Bearer ${TOKENS.admin}`, "x-mcp-events": "nonsense" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: -32000, data: { code: "INVALID_ARGS" } } });
  });
});

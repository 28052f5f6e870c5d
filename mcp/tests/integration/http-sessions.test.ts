// Session limits of Streamable HTTP (docs/security.md, "MCP HTTP sessions"): abandoned sessions
// cannot exhaust memory. Per-client and global caps close the least recently used idle session or
// refuse with 429 when every session is busy; a session that never made a call expires; a dormant
// session keeps its state; other clients keep working. Real server over a real socket, real SDK
// Clients, and raw HTTP where a test needs exact control of what is in flight (an attacker's view).

import { MAX_INITIALIZE_BYTES, WARM_LIMIT } from "@mcp-bridge/shared/mcp";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectHttpClient } from "../../../shared/testing/mcp-http-client.js";
import type { RunningHttp } from "../../src/transports/http.js";
import { type Harness, startHarness, TOKENS } from "../support/harness.js";
import { startLoopbackHttp } from "../support/servers.js";
import { ALL_TOOLS, VIEWER_TOOLS } from "../support/tool-names.js";

let h: Harness;
let http: RunningHttp | undefined;
const clients: Client[] = [];
const streams: AbortController[] = [];

beforeAll(async () => {
  h = await startHarness();
});
afterEach(async () => {
  for (const s of streams.splice(0)) s.abort();
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  await http?.close();
  http = undefined;
});
afterAll(async () => {
  await h.close();
});

interface Limits {
  perClient?: number;
  total?: number;
  unusedMs?: number;
  idleMs?: number;
}

async function serve(limits: Limits): Promise<string> {
  http = await startLoopbackHttp(h.runtime.deps, () => h.policy.current, {
    sessions: { perClient: 100, total: 1000, unusedMs: 60_000, idleMs: 600_000, ...limits },
  });
  return http.url;
}

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

interface Answer {
  status: number;
  sessionId: string | null;
  /** The JSON-RPC message of the answer (from JSON or the first SSE `data:` line). */
  message: { result?: Record<string, unknown>; error?: { message: string; data?: { code: string } } };
}

async function post(url: string, token: string, body: unknown, sessionId?: string): Promise<Answer> {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      ...HEADERS,
      authorization: `Bearer ${token}`,
      ...(sessionId ? { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const data = text.split("\n").find((line) => line.startsWith("data: "));
  const json = data ? data.slice(6) : text;
  return {
    status: res.status,
    sessionId: res.headers.get("mcp-session-id"),
    message: json ? JSON.parse(json) : {},
  };
}

/** An abandoned session: initialize and the `initialized` notification, then nothing. */
async function open(url: string, token = TOKENS.admin): Promise<string> {
  const answer = await post(url, token, INIT);
  expect(answer.status).toBe(200);
  await post(url, token, { jsonrpc: "2.0", method: "notifications/initialized" }, answer.sessionId!);
  return answer.sessionId!;
}

let nextId = 10;
const listTools = (url: string, sessionId: string, token = TOKENS.admin) =>
  post(url, token, { jsonrpc: "2.0", id: nextId++, method: "tools/list" }, sessionId);

/** Keeps a request of the session in flight: the standalone GET stream, open until aborted. */
async function busy(url: string, sessionId: string, token = TOKENS.admin): Promise<AbortController> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: {
      accept: "text/event-stream",
      authorization: `Bearer ${token}`,
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-06-18",
    },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  streams.push(abort);
  return abort;
}

/** More sessions that called (so were built, then kept idle) than are kept built: older ones go dormant. */
async function crowd(url: string): Promise<void> {
  for (let i = 0; i < WARM_LIMIT + 8; i++) expect((await listTools(url, await open(url))).status).toBe(200);
}

async function connect(url: string, token = TOKENS.admin): Promise<Client> {
  const client = await connectHttpClient(url, token, "sessions-test");
  clients.push(client);
  return client;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("per-client session cap", () => {
  it("closes the client's least recently used idle session to open a new one; its id then answers 404", async () => {
    const url = await serve({ perClient: 2 });
    const first = await open(url);
    const second = await open(url);
    expect((await listTools(url, first)).status).toBe(200); // `second` is now the least recently used
    const client = await connect(url);
    expect((await client.listTools()).tools.length).toBe(ALL_TOOLS.length);
    const evicted = await listTools(url, second);
    expect(evicted.status).toBe(404);
    expect(evicted.message.error?.message).toMatch(/initialize again/);
    expect((await listTools(url, first)).status).toBe(200);
  });

  it("refuses a new session with 429 RATE_LIMITED naming the cap when every session of the client is busy", async () => {
    const url = await serve({ perClient: 2 });
    for (let i = 0; i < 2; i++) await busy(url, await open(url));
    const refused = await post(url, TOKENS.admin, INIT);
    expect(refused.status).toBe(429);
    expect(refused.message.error?.data?.code).toBe("RATE_LIMITED");
    expect(refused.message.error?.message).toMatch(
      /MCP_SESSIONS_PER_CLIENT=2.*raise MCP_SESSIONS_PER_CLIENT/,
    );
    await expect(connect(url)).rejects.toThrow(/429|RATE_LIMITED/);
    // Other clients keep working: the cap is per client.
    const viewer = await connect(url, TOKENS.viewer);
    expect((await viewer.listTools()).tools.length).toBe(VIEWER_TOOLS.length); // the read-only role's tools
  });
});

describe("global session cap", () => {
  it("refuses when every session is busy, and takes the least recently used one once it is idle", async () => {
    const url = await serve({ total: 2 });
    const streamA = await busy(url, await open(url, TOKENS.admin));
    await busy(url, await open(url, TOKENS.viewer), TOKENS.viewer);
    const refused = await post(url, TOKENS.limited, INIT);
    expect(refused.status).toBe(429);
    expect(refused.message.error?.message).toMatch(/MCP_SESSIONS_MAX=2.*raise MCP_SESSIONS_MAX/);
    streamA.abort();
    let accepted: Answer | undefined;
    await eventually(async () => {
      accepted = await post(url, TOKENS.limited, INIT);
      return accepted.status === 200;
    });
    expect(accepted?.sessionId).toBeTruthy();
  });
});

describe("unused sessions", () => {
  it("closes a session that made no call after initialize, and keeps one that did", async () => {
    const url = await serve({ unusedMs: 300 });
    const abandoned = await open(url);
    const used = await open(url);
    expect((await listTools(url, used)).status).toBe(200);
    await eventually(
      async () =>
        (await listTools(url, used)).status === 200 &&
        (await post(url, TOKENS.admin, { jsonrpc: "2.0", method: "notifications/initialized" }, abandoned))
          .status === 404,
    );
    expect((await listTools(url, abandoned)).status).toBe(404);
    // A real client that was told 404 starts again with a new session.
    const client = await connect(url);
    expect((await client.listTools()).tools.length).toBe(ALL_TOOLS.length);
  });
});

describe("dormant sessions", () => {
  it("answer as before after many other sessions pushed them out of memory, with their state", async () => {
    const url = await serve({});
    const session = await open(url);
    const call = (name: string, args: Record<string, unknown>) =>
      post(
        url,
        TOKENS.admin,
        { jsonrpc: "2.0", id: nextId++, method: "tools/call", params: { name, arguments: args } },
        session,
      );
    const set = await call("subscribe_events", { types: ["player_chat"], players: ["Steve"] });
    expect(set.message.result?.structuredContent).toEqual({ types: ["player_chat"], players: ["Steve"] });
    await crowd(url); // more used sessions than are kept built when idle
    const after = await call("subscribe_events", {});
    expect(after.status).toBe(200);
    expect(after.message.result?.structuredContent).toEqual({ types: ["player_chat"], players: ["Steve"] });
  });
});

describe("dormant sessions and logging/setLevel", () => {
  it("keep the level the client set: events below it are not pushed after the session wakes", async () => {
    const url = await serve({});
    const quiet = await open(url);
    const loud = await open(url);
    expect(
      (
        await post(
          url,
          TOKENS.admin,
          { jsonrpc: "2.0", id: nextId++, method: "logging/setLevel", params: { level: "error" } },
          quiet,
        )
      ).status,
    ).toBe(200);
    await crowd(url); // pushes `quiet` out of memory
    const received = async (sessionId: string) => {
      const abort = new AbortController();
      streams.push(abort);
      const res = await fetch(url, {
        headers: {
          accept: "text/event-stream",
          authorization: `Bearer ${TOKENS.admin}`,
          "mcp-session-id": sessionId,
          "mcp-protocol-version": "2025-06-18",
        },
        signal: abort.signal,
      });
      const reader = res.body!.getReader();
      let text = "";
      const reading = (async () => {
        for (;;) {
          const next = await reader.read().catch(() => ({ done: true, value: undefined }));
          if (next.done) return;
          text += new TextDecoder().decode(next.value);
        }
      })();
      return { text: () => text, stop: () => abort.abort(), reading };
    };
    const quietStream = await received(quiet);
    const loudStream = await received(loud);
    await h.addEvent("alpha", "player_chat", { player: "Steve", message: "level check" });
    await eventually(async () => loudStream.text().includes("level check"));
    await new Promise((r) => setTimeout(r, 300));
    expect(quietStream.text()).not.toContain("level check");
  });
});

describe("closing a session", () => {
  const end = (url: string, sessionId: string, token = TOKENS.admin) =>
    fetch(url, {
      method: "DELETE",
      headers: {
        authorization: `Bearer ${token}`,
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-06-18",
      },
    });

  it("DELETE ends a dormant session (one never built, and one pushed out of memory): its id then answers 404", async () => {
    const url = await serve({});
    const fresh = await open(url); // a new session starts dormant: nothing was built for it
    const used = await open(url);
    expect((await listTools(url, used)).status).toBe(200);
    await crowd(url); // pushes `used` out of memory
    for (const session of [fresh, used]) {
      expect((await end(url, session)).status).toBe(200);
      const after = await listTools(url, session);
      expect(after.status).toBe(404);
      expect(after.message.error?.message).toMatch(/initialize again/);
    }
  });

  it("DELETE of another client's session is refused with 403 and leaves it open", async () => {
    const url = await serve({});
    const session = await open(url);
    const refused = await end(url, session, TOKENS.viewer);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Answer["message"]).error?.data?.code).toBe("PERMISSION_DENIED");
    expect((await listTools(url, session)).status).toBe(200);
  });
});

describe("an oversized initialize", () => {
  it("is refused with 413 INVALID_ARGS naming the limit, and opens no session", async () => {
    const url = await serve({ perClient: 1 });
    const kept = await open(url);
    const padded = {
      ...INIT,
      params: { ...INIT.params, clientInfo: { name: "x".repeat(MAX_INITIALIZE_BYTES), version: "1" } },
    };
    const refused = await post(url, TOKENS.admin, padded);
    expect(refused.status).toBe(413);
    expect(refused.sessionId).toBeNull();
    expect(refused.message.error?.data?.code).toBe("INVALID_ARGS");
    expect(refused.message.error?.message).toBe(
      `INVALID_ARGS: initialize request over ${MAX_INITIALIZE_BYTES} bytes`,
    );
    // No session was opened for it: the client's only slot still holds the earlier session.
    expect((await listTools(url, kept)).status).toBe(200);
  });
});

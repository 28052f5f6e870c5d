// The node:http front of our MCP servers (http-front.ts, http-body.ts) over real sockets: what it
// answers before a session sees the request, the way Express answered it before (issue 29), and
// the body limit enforced without reading the body: a 413 comes while the client is still sending.
import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Policy, sha256Hex } from "../../src/index.js";
import { createHttpApp, type HttpApp } from "../../src/mcp/index.js";

const TOKEN = "front-token-0123456789";
const LIMIT = 1000;
const policy = Policy.parse({
  roles: { admin: { tools: ["*"] } },
  clients: [{ id: "admin", role: "admin", tokenSha256: sha256Hex(TOKEN) }],
});

function echoServer(): McpServer {
  const server = new McpServer({ name: "echo", version: "1.0.0" });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  return server;
}

let app: HttpApp;
let server: Server;
let port: number;
let base: string;
let session: string;
const MCP = { authorization: `Bearer ${TOKEN}`, accept: "application/json, text/event-stream" };
const call = JSON.stringify({
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name: "echo", arguments: { text: "hi" } },
});

beforeAll(async () => {
  app = createHttpApp(
    () => policy,
    { host: "127.0.0.1", port: 0, allowedHosts: ["127.0.0.1"], allowedOrigins: [], maxBodyBytes: LIMIT },
    () => () => echoServer(),
  );
  app.get("/healthz", (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok"));
  server = await app.listen(0, "127.0.0.1");
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
  const init = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { ...MCP, "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });
  session = init.headers.get("mcp-session-id")!;
  await init.text();
});

afterAll(async () => {
  await app.closeSessions();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const inSession = (contentType: string, body: RequestInit["body"], extra: Record<string, string> = {}) =>
  fetch(`${base}/mcp`, {
    method: "POST",
    headers: { ...MCP, "mcp-session-id": session, "content-type": contentType, ...extra },
    body,
    duplex: "half", // a stream body goes out chunked
  } as RequestInit);

/** A raw socket to the server and the text it has received so far. */
function socket(): { s: Socket; received: () => string; answered: (text: string) => Promise<void> } {
  const s = connect(port, "127.0.0.1");
  let text = "";
  s.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  const answered = async (want: string) => {
    for (let i = 0; i < 200 && !text.includes(want); i++) await new Promise((r) => setTimeout(r, 10));
    expect(text).toContain(want);
  };
  return { s, received: () => text, answered };
}

describe("request bodies", () => {
  it("answers 413 from Content-Length alone, before any of the body is sent", async () => {
    const { s, answered } = socket();
    s.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        "Content-Length: 10000000\r\n\r\n",
    );
    await answered(`"message":"INVALID_ARGS: Request body over ${LIMIT} bytes"`);
    expect(s.destroyed).toBe(false);
    s.destroy();
  });

  it("answers 413 as soon as a chunked body passes the limit, drains the rest, keeps the connection", async () => {
    const { s, received, answered } = socket();
    s.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n400\r\n${"[".repeat(0x400)}\r\n`,
    );
    await answered("HTTP/1.1 413 Payload Too Large");
    s.write(`400\r\n${"x".repeat(0x400)}\r\n0\r\n\r\n`); // the rest of the body: read and dropped
    s.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await answered("HTTP/1.1 200 OK");
    expect(received().match(/HTTP\/1\.1 /g)).toHaveLength(2);
    s.destroy();
  });

  it("takes a chunked body, a charset parameter, a byte order mark and a gzip body", async () => {
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(call.slice(0, 5)));
        controller.enqueue(new TextEncoder().encode(call.slice(5)));
        controller.close();
      },
    });
    const answers = [
      await inSession("application/json", chunked),
      await inSession("application/json; charset=utf-8", call),
      await inSession("application/json", `\uFEFF${call}`),
      await inSession("application/json", gzipSync(call), { "content-encoding": "gzip" }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('"text":"hi"');
    }
  }, 10_000);

  it("refuses invalid JSON with 400 SCHEMA_ERROR and a charset it cannot read with 415", async () => {
    const bad = await inSession("application/json", "{x");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: -32000, data: { code: "SCHEMA_ERROR" } } });
    const scalar = await inSession("application/json", "123"); // strict: an object or an array only
    expect(scalar.status).toBe(400);
    const latin1 = await inSession("application/json; charset=latin1", call);
    expect(latin1.status).toBe(415);
    expect(await latin1.json()).toMatchObject({ error: { data: { code: "INVALID_ARGS" } } });
  });

  it("leaves a non-JSON body to the transport: 415 in a session, 400 without one", async () => {
    const typed = await inSession("text/plain", call);
    expect(typed.status).toBe(415);
    expect(((await typed.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unsupported Media Type/,
    );
    const none = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { ...MCP, "content-type": "text/plain" },
      body: call,
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: { message: "Missing mcp-session-id" } });
  });
});

describe("guards and routes", () => {
  it("answers a foreign or missing Host header as the SDK's hostHeaderValidation", async () => {
    const foreign = socket();
    foreign.s.write("GET /mcp HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n");
    await foreign.answered(
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Invalid Host: evil.example"},"id":null}',
    );
    expect(foreign.received()).toMatch(/^HTTP\/1\.1 403 /);
    const missing = socket();
    missing.s.write("GET /mcp HTTP/1.0\r\n\r\n");
    await missing.answered('"message":"Missing Host header"');
    foreign.s.destroy();
    missing.s.destroy();
  });

  it("asks a token on /mcp and below, not on an added GET route", async () => {
    const bare = await fetch(`${base}/mcp/anything`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await fetch(`${base}/mcp/anything`, { headers: MCP })).status).toBe(404);
    const health = await fetch(`${base}/HEALTHZ/`); // Express's matching: no case, optional slash
    expect([health.status, await health.text()]).toEqual([200, "ok"]);
    const head = await fetch(`${base}/healthz`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    expect((await fetch(`${base}/healthz`, { method: "POST" })).status).toBe(404);
  });

  it("answers an unknown route with finalhandler's page and OPTIONS with the route's methods", async () => {
    const missing = await fetch(`${base}/nope?x=1`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await missing.text()).toContain("<pre>Cannot GET /nope</pre>");
    const put = await fetch(`${base}/mcp`, { method: "PUT", headers: MCP });
    expect(put.status).toBe(404);
    const options = await fetch(`${base}/mcp`, { method: "OPTIONS", headers: MCP });
    expect(options.headers.get("allow")).toBe("DELETE, GET, HEAD, POST");
    expect((await fetch(`${base}/healthz`, { method: "OPTIONS" })).headers.get("allow")).toBe("GET, HEAD");
  });
});

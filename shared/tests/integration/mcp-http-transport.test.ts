// Feature: minecraft-mcp-bridge, Property: our Node Streamable HTTP session transport answers every
// request as the SDK's own transport does. SessionTransport (http-transport.ts) replaces the SDK's
// StreamableHTTPServerTransport for cost; hostile sequences of requests (any method, Accept,
// Content-Type, session id, protocol version and body, before and after initialize, DELETE) go to a
// session of each over real sockets, and every answer must match: status, media type, JSON body,
// the events of an SSE answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SessionTransport } from "../../src/mcp/http-transport.js";

const SESSION = "6f1c2b1e-0000-4000-8000-000000000001";

function echoServer(): McpServer {
  const server = new McpServer({ name: "echo", version: "1.0.0" }, { capabilities: { logging: {} } });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    await extra.sendNotification({ method: "notifications/message", params: { level: "info", data: text } });
    return { content: [{ type: "text", text }] };
  });
  return server;
}

interface Side {
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

async function sdkSide(): Promise<Side> {
  const server = echoServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => SESSION });
  await server.connect(transport);
  return { handle: (req, res, body) => transport.handleRequest(req, res, body), close: () => server.close() };
}

async function ourSide(): Promise<Side> {
  const server = echoServer();
  const transport = new SessionTransport(SESSION);
  await server.connect(transport);
  return { handle: (req, res, body) => transport.handle(req, res, body), close: () => server.close() };
}

/** The HTTP server: /sdk and /ours reach the current pair; bodies parsed as http.ts's Express does. */
const sides: Record<string, Side | undefined> = {};
let http: Server;
let base: string;

beforeAll(async () => {
  http = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown;
    if (text !== "" && isJsonContentType(req.headers["content-type"])) body = JSON.parse(text);
    await sides[req.url!.slice(1)]!.handle(req, res, body);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

interface Step {
  method: string;
  accept?: string;
  contentType?: string;
  session?: string;
  version?: string;
  body?: unknown;
}

const initialize = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
});
const call = (id: number | string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "echo", arguments: { text: `hi ${id}` } },
});
const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };

const bodies = fc.oneof(
  fc.constant(initialize(1)),
  fc.constant(call(2)),
  fc.constant(call("x")),
  fc.constant(INITIALIZED),
  fc.constant({ jsonrpc: "2.0", id: 3, method: "ping" }),
  fc.constant({ jsonrpc: "2.0", id: 4, method: "no/such/method" }),
  fc.constant({ jsonrpc: "2.0", id: 5, result: {} }),
  fc.constant([call(6), INITIALIZED, call(7)]),
  fc.constant([initialize(8), call(9)]),
  fc.constant([]),
  fc.constant(Array.from({ length: 101 }, (_, i) => call(100 + i))),
  fc.constant({ jsonrpc: "1.0", id: 10, method: "ping" }),
  fc.constant({ id: 11 }),
  fc.constant({ jsonrpc: "2.0", id: 12, method: "initialize", params: {} }),
  fc.constant(undefined),
  fc.jsonValue(),
);

const steps = fc.record(
  {
    method: fc.constantFrom("POST", "POST", "POST", "GET", "DELETE", "PUT"),
    accept: fc.constantFrom(
      "application/json, text/event-stream",
      "application/json",
      "text/event-stream",
      "*/*",
      "text/event-stream, application/json;q=0.9",
    ),
    contentType: fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "Application/JSON",
      "text/plain",
      "text/plain; a=application/json",
    ),
    session: fc.constantFrom(SESSION, "someone-else", ""),
    version: fc.constantFrom("2025-06-18", "2025-03-26", "1999-01-01"),
    body: bodies,
  },
  { requiredKeys: ["method"] },
);

/** What a client can see of an answer: status, media type and JSON body or SSE events. */
async function answer(side: string, step: Step) {
  const headers: Record<string, string> = {};
  if (step.accept !== undefined) headers.accept = step.accept;
  if (step.contentType !== undefined) headers["content-type"] = step.contentType;
  if (step.session) headers["mcp-session-id"] = step.session;
  if (step.version !== undefined) headers["mcp-protocol-version"] = step.version;
  const send = step.body !== undefined && step.method !== "GET" && step.method !== "DELETE";
  const abort = new AbortController();
  const res = await fetch(`${base}/${side}`, {
    method: step.method,
    headers,
    body: send ? JSON.stringify(step.body) : undefined,
    signal: abort.signal,
  });
  const type = res.headers.get("content-type")?.split(";")[0];
  if (step.method === "GET" && res.status === 200) {
    abort.abort(); // the standalone stream stays open
    return { status: res.status, type, session: res.headers.get("mcp-session-id") };
  }
  const text = await res.text();
  const body =
    type === "text/event-stream"
      ? text
          .split("\n")
          .filter((line) => line.startsWith("data: "))
          .map((line) => JSON.parse(line.slice(6)))
      : text === ""
        ? ""
        : JSON.parse(text);
  return { status: res.status, type, session: res.headers.get("mcp-session-id"), body };
}

describe("SessionTransport", () => {
  it("answers every request sequence as the SDK's Streamable HTTP transport does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(steps, { minLength: 1, maxLength: 4 }), async (init, list) => {
        sides.sdk = await sdkSide();
        sides.ours = await ourSide();
        try {
          const all: Step[] = init
            ? [
                {
                  method: "POST",
                  accept: "application/json, text/event-stream",
                  contentType: "application/json",
                  body: initialize(0),
                },
                ...list,
              ]
            : list;
          for (const step of all) {
            const sdk = await answer("sdk", step);
            const ours = await answer("ours", step);
            expect(ours, JSON.stringify(step)).toEqual(sdk);
          }
        } finally {
          await sides.sdk.close();
          await sides.ours.close();
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe("SessionTransport's SSE answer to a POST", () => {
  it("answers a quick call, and sends the headers of a longer call within 100 ms, before its answer", async () => {
    const server = echoServer();
    server.registerTool("slow", {}, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { content: [{ type: "text", text: "done" }] };
    });
    const transport = new SessionTransport(SESSION);
    await server.connect(transport);
    sides.slow = {
      handle: (req, res, body) => transport.handle(req, res, body),
      close: () => server.close(),
    };
    const post = (body: unknown) =>
      fetch(`${base}/slow`, {
        method: "POST",
        headers: {
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
          "mcp-session-id": SESSION,
        },
        body: JSON.stringify(body),
      });
    try {
      await (await post(initialize(0))).text();
      // The SDK answers an unknown method inside the message's dispatch, before the stream is open.
      const unknown = await post({ jsonrpc: "2.0", id: 9, method: "no/such/method" });
      expect(unknown.headers.get("content-type")).toBe("text/event-stream");
      expect(await unknown.text()).toContain('"code":-32601');
      const quick = await post({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "echo", arguments: { text: "hi" } },
      });
      expect(await quick.text()).toContain('"text":"hi"');
      const started = Date.now();
      const slow = await post({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "slow", arguments: {} },
      });
      const headersAfter = Date.now() - started;
      expect(slow.status).toBe(200);
      expect(slow.headers.get("content-type")).toBe("text/event-stream");
      expect(headersAfter).toBeLessThan(1000);
      expect(await slow.text()).toContain('"text":"done"');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    } finally {
      await server.close();
      sides.slow = undefined;
    }
  });
});

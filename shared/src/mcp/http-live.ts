/**
 * The SDK half of an HTTP session: one McpServer connected to one Streamable HTTP transport, built
 * only while the session is in use. A dormant session keeps just its initialize request (and its
 * logging level); `wake` rebuilds the pair under the same session id by replaying those through the
 * transport's public `handleRequest`, so the server holds the client's capabilities and level again.
 * Node requests reach the web-standard transport through @hono/node-server, as the SDK's own Node
 * wrapper does (the wrapper hides its transport, and replay needs it).
 */
import { getRequestListener } from "@hono/node-server";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { InitializeResult } from "@modelcontextprotocol/sdk/types.js";
import type { Request, Response } from "express";
import { lazyJsonSchemaValidator } from "./lazy-validator.js";

/** What connectLive needs of a server: an McpServer, or the SDK's bare Server for greeting. */
interface Connectable {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export interface LiveSession {
  handle(req: Request, res: Response, body?: unknown): Promise<void>;
  /** Closes server and transport; `onclose` of `connect` is not called for it. */
  sleep(): Promise<void>;
}

/** What a dormant session needs to be rebuilt: the JSON text of its initialize and replays. */
export interface WakeState {
  sessionId: string;
  /** The initialize request as the client sent it (JSON text: compact, no object graph). */
  initialize: string;
  /** The last logging/setLevel request (JSON text), replayed after initialize. */
  setLevel?: string;
}

/** What a server says of itself in its initialize answer (the protocol version is negotiated per request). */
export type Greeting = Pick<InitializeResult, "serverInfo" | "capabilities" | "instructions">;

const REPLAY_HEADERS = { accept: "application/json, text/event-stream", "content-type": "application/json" };
const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };
const REPLAY_URL = "http://session.invalid/mcp";
const SAMPLE_INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "greeting", version: "0" } },
};

/**
 * What `server` answers to initialize, but the protocol version (negotiated per request): its
 * name, capabilities and instructions. Asked once per client of a SessionTable, so that new sessions
 * are greeted without building their McpServer (`greet`).
 */
export async function initializeResult(server: McpServer): Promise<Greeting> {
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  try {
    const request = new globalThis.Request(REPLAY_URL, { method: "POST", headers: REPLAY_HEADERS });
    const response = await transport.handleRequest(request, { parsedBody: SAMPLE_INITIALIZE });
    const { result } = (await response.json()) as { result: InitializeResult };
    return {
      serverInfo: result.serverInfo,
      capabilities: result.capabilities,
      instructions: result.instructions,
    };
  } finally {
    await server.close();
  }
}

/**
 * Answers a new session's initialize request with a bare SDK Server that says what the full server
 * says (`greeting`, from initializeResult): the SDK negotiates the version and frames the answer,
 * and nothing of the pair is kept. The session's McpServer is built when the client first calls.
 */
export async function greet(
  greeting: Greeting,
  sessionId: string,
  req: Request,
  res: Response,
  body: unknown,
): Promise<void> {
  const { serverInfo, capabilities, instructions } = greeting;
  const live = await connectLive(
    new Server(serverInfo, { capabilities, instructions, jsonSchemaValidator: lazyJsonSchemaValidator() }),
    sessionId,
    () => {},
  );
  const closed = new Promise((resolve) => res.once("close", resolve));
  try {
    await live.handle(req, res, body);
    await closed; // the SSE answer may still be streaming when handle returns
  } finally {
    await live.sleep();
  }
}

/**
 * Connects `server` to a new transport. For a new session, `sessionId` is the id to give it and the
 * caller then passes the client's initialize through `handle`; for a waking one, `wake` replays it.
 * `onclose` runs when the client or the SDK ends the session (DELETE, transport error), not on sleep.
 */
export async function connectLive(
  server: Connectable,
  sessionId: string,
  onclose: () => void,
): Promise<LiveSession & { replay(state: WakeState): Promise<void> }> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
  let sleeping = false;
  transport.onclose = () => {
    if (!sleeping) onclose();
  };
  await server.connect(transport);
  const post = async (message: string, withSession: boolean) => {
    const headers: Record<string, string> = { ...REPLAY_HEADERS };
    if (withSession) headers["mcp-session-id"] = sessionId;
    const response = await transport.handleRequest(
      new globalThis.Request(REPLAY_URL, { method: "POST", headers }),
      {
        parsedBody: JSON.parse(message),
      },
    );
    await response.text();
  };
  return {
    async handle(req, res, body) {
      // One listener per request, as the SDK's Node wrapper builds it: the body is already parsed.
      const listener = getRequestListener(
        (webRequest) => transport.handleRequest(webRequest, { parsedBody: body }),
        {
          overrideGlobalObjects: false,
        },
      );
      await listener(req, res);
    },
    async replay(state) {
      await post(state.initialize, false);
      await post(JSON.stringify(INITIALIZED), true);
      if (state.setLevel) await post(state.setLevel, true);
    },
    async sleep() {
      sleeping = true;
      await server.close();
    },
  };
}

/**
 * The SDK half of an HTTP session: one McpServer connected to one Streamable HTTP transport, built
 * only while the session is in use. A dormant session keeps just its initialize request (and its
 * logging level); `wake` rebuilds the pair under the same session id by replaying those through the
 * transport without HTTP (http-transport.ts `deliver`), so the server holds the client's capabilities
 * and level again.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { InitializeResult, JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { SessionTransport } from "./http-transport.js";
import { lazyJsonSchemaValidator } from "./lazy-validator.js";

/** What connectLive needs of a server: an McpServer, or the SDK's bare Server for greeting. */
interface Connectable {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export interface LiveSession {
  handle(req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void>;
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

const INITIALIZED: JSONRPCMessage = { jsonrpc: "2.0", method: "notifications/initialized" };
const SAMPLE_INITIALIZE: JSONRPCMessage = {
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
  const transport = new SessionTransport("greeting");
  await server.connect(transport);
  try {
    const [answer] = await transport.deliver([SAMPLE_INITIALIZE]);
    const { result } = answer as unknown as { result: InitializeResult };
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
  req: IncomingMessage,
  res: ServerResponse,
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
  const transport = new SessionTransport(sessionId);
  let sleeping = false;
  transport.onclose = () => {
    if (!sleeping) onclose();
  };
  await server.connect(transport);
  const replay = (message: string) => transport.deliver([JSON.parse(message) as JSONRPCMessage]);
  return {
    handle: (req, res, body) => transport.handle(req, res, body),
    async replay(state) {
      await replay(state.initialize);
      await transport.deliver([INITIALIZED]);
      if (state.setLevel) await replay(state.setLevel);
    },
    async sleep() {
      sleeping = true;
      await server.close();
    },
  };
}

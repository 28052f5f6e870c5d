/**
 * Streamable HTTP transport for any of our MCP servers (mcp, bitburner): stateful sessions, one
 * McpServer per session while it is in use (dormant otherwise, http-sessions.ts), POST/GET/DELETE on
 * /mcp, behind the node:http front (http-front.ts: Host and Origin checks against DNS rebinding, the
 * JSON body with its limit, a bearer token (policy client) on every request). A session is bound to
 * the client that opened it. What a session is made of is the caller's `newSession`.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { type ParsedUrlQuery, parse as parseQuery } from "node:querystring";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { SessionLimits } from "../config.js";
import { BridgeError, type ClientIdentity, type Policy } from "../index.js";
import { sendError } from "./http-auth.js";
import { createFront, type RouteHandler } from "./http-front.js";
import { sendJson } from "./http-reply.js";
import {
  DEFAULT_SESSION_LIMITS,
  MAX_INITIALIZE_BYTES,
  type SessionRecord,
  SessionTable,
} from "./http-sessions.js";

export interface HttpOptions {
  host: string;
  port: number;
  allowedHosts: string[];
  allowedOrigins: string[];
  /** Largest JSON request body (default 100 KB, what express.json took before); bigger ones get 413. */
  maxBodyBytes?: number;
  /** Session caps and timeouts (http-sessions.ts; defaults DEFAULT_SESSION_LIMITS). */
  sessions?: SessionLimits;
}

/** What a session factory may read of the initialize request: its headers and query parameters. */
export interface SessionRequest {
  headers: IncomingHttpHeaders;
  /** As node:querystring parses it (what Express's `req.query` was): repeated names give arrays. */
  query: ParsedUrlQuery;
}

/**
 * Called once per initialize request of an authenticated client: reads what the session needs from
 * the request and returns how to build its McpServer. The builder runs at once and again each time
 * the session wakes from dormancy, so state that must outlive a dormant period lives in its closure.
 * Throwing a BridgeError refuses the initialize with 400 and that error (e.g. a bad subscription header).
 */
export type SessionFactory = (client: ClientIdentity, req: SessionRequest) => () => McpServer;

export interface HttpApp {
  /** The request listener to hand to node:http's createServer (or `listen`). */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** Adds a GET route outside /mcp that needs no token (the NPC service's /healthz, /metrics). */
  get(path: string, handler: RouteHandler): void;
  /** Serves the app on `port` of `host` (0: any free port). */
  listen(port: number, host: string): Promise<Server>;
  sessions: SessionTable;
  closeSessions(): Promise<void>;
}

/** The first string of a header or query value. */
export function first(value: unknown): string | undefined {
  if (Array.isArray(value)) return first(value[0]);
  return typeof value === "string" ? value : undefined;
}

export function createHttpApp(
  policy: () => Policy,
  options: HttpOptions,
  newSession: SessionFactory,
): HttpApp {
  const table = new SessionTable(options.sessions ?? DEFAULT_SESSION_LIMITS);

  const existing = (req: IncomingMessage, res: ServerResponse, client: ClientIdentity) => {
    const id = first(req.headers["mcp-session-id"]);
    const session = id ? table.sessions.get(id) : undefined;
    if (!session) {
      // 404 for an unknown or closed session: the MCP spec's signal to initialize again.
      sendJson(res, id ? 404 : 400, {
        jsonrpc: "2.0",
        error: {
          code: -32000,
          message: id ? `Unknown session ${id}; initialize again` : "Missing mcp-session-id",
        },
        id: null,
      });
      return undefined;
    }
    if (session.clientId !== client.id) {
      sendError(res, 403, "PERMISSION_DENIED", "This session belongs to another client");
      return undefined;
    }
    return session;
  };

  const run = async (
    session: SessionRecord,
    req: IncomingMessage,
    res: ServerResponse,
    body?: unknown,
    greet = false,
  ) => {
    try {
      if (greet) await table.greet(session, req, res, body);
      else await table.run(session, req, res, body);
    } catch (error) {
      if (!res.headersSent) {
        sendError(res, 500, "SERVER_ERROR", `Session could not be resumed: ${(error as Error).message}`);
      }
    }
  };

  const initialize = async (
    req: IncomingMessage,
    res: ServerResponse,
    client: ClientIdentity,
    body: unknown,
  ) => {
    const text = JSON.stringify(body);
    if (text.length > MAX_INITIALIZE_BYTES) {
      sendError(res, 413, "INVALID_ARGS", `initialize request over ${MAX_INITIALIZE_BYTES} bytes`);
      return;
    }
    let build: () => McpServer;
    try {
      build = newSession(client, { headers: req.headers, query: queryOf(req.url ?? "") });
      table.makeRoom(client.id);
    } catch (error) {
      const refused = BridgeError.from(error);
      sendError(res, refused.code === "RATE_LIMITED" ? 429 : 400, refused.code, refused.message);
      return;
    }
    const id = table.open(client.id, text, build);
    await run(table.sessions.get(id)!, req, res, body, true);
  };

  const front = createFront(
    {
      allowedHosts: options.allowedHosts,
      allowedOrigins: options.allowedOrigins,
      maxBodyBytes: options.maxBodyBytes ?? 100 * 1024,
      policy,
    },
    async (req, res, client, body) => {
      if (req.method === "POST" && req.headers["mcp-session-id"] === undefined && isInitializeRequest(body)) {
        return initialize(req, res, client, body);
      }
      const session = existing(req, res, client);
      if (!session) return;
      if (req.method !== "POST") {
        // GET (the standalone stream), DELETE, and HEAD, which the transport refuses with 405.
        table.observe(session, undefined);
        return run(session, req, res);
      }
      table.observe(session, body);
      // A dormant session replays `initialized` when it wakes: nothing to build for it now.
      const message = body as { method?: unknown; id?: unknown } | undefined;
      if (!session.live && message?.method === "notifications/initialized" && message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      await run(session, req, res, body);
    },
  );

  return {
    listener: front.listener,
    get: front.get,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        const server = createServer(front.listener);
        server.once("error", reject);
        server.listen(port, host, () => resolve(server));
      }),
    sessions: table,
    closeSessions: () => table.closeAll(),
  };
}

/** The query parameters of a request target, as Express's default ("simple") query parser gave them. */
function queryOf(url: string): ParsedUrlQuery {
  const start = url.indexOf("?");
  return start === -1 ? {} : parseQuery(url.slice(start + 1));
}

export interface RunningHttp {
  url: string;
  close(): Promise<void>;
}

export async function startHttp(
  policy: () => Policy,
  options: HttpOptions,
  newSession: SessionFactory,
): Promise<RunningHttp> {
  const http = createHttpApp(policy, options, newSession);
  const server = await http.listen(options.port, options.host);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/mcp`,
    async close() {
      await http.closeSessions();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

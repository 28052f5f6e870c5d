/**
 * Streamable HTTP transport for any of our MCP servers (mcp, bitburner): stateful sessions, one
 * McpServer per session, POST/GET/DELETE on /mcp. Host header validation (SDK middleware) and Origin
 * checks against DNS rebinding; bearer token (policy client) on every request; a session is bound to
 * the client that opened it. What a session is made of is the caller's `newSession`.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { hostHeaderValidation } from "@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { BridgeError, type ClientIdentity, type Policy } from "../index.js";
import { bearerAuth, originCheck, sendError } from "./http-auth.js";

export interface HttpOptions {
  host: string;
  port: number;
  allowedHosts: string[];
  allowedOrigins: string[];
  /** Largest JSON request body (default 100 KB, express's own default); bigger ones get 413. */
  maxBodyBytes?: number;
}

/**
 * Builds the McpServer of a new session for an authenticated client. Throwing a BridgeError refuses
 * the initialize request with 400 and that error (e.g. a bad subscription header).
 */
export type SessionFactory = (client: ClientIdentity, req: Request) => McpServer;

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  clientId: string;
  lastSeen: number;
  /** Requests in progress (an open GET stream counts), so a listening client is never swept. */
  active: number;
}

/** Sessions whose client vanished without DELETE are closed after this long without a request. */
export const SESSION_IDLE_MS = 30 * 60_000;

export interface HttpApp {
  app: Express;
  sessions: Map<string, Session>;
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
  const sessions = new Map<string, Session>();
  // What the SDK's createMcpExpressApp does, with a body limit we choose: Host header validation
  // (DNS rebinding) BEFORE the body is read, then the JSON parser.
  const app = express();
  app.use(hostHeaderValidation(options.allowedHosts));
  app.use(express.json({ limit: options.maxBodyBytes ?? 100 * 1024 }));
  app.use((error: Error & { status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error.status === 413) {
      sendError(res, 413, "INVALID_ARGS", `Request body over ${options.maxBodyBytes ?? 100 * 1024} bytes`);
    } else if (error.status === 400) sendError(res, 400, "SCHEMA_ERROR", "Request body is not valid JSON");
    else next(error);
  });
  app.use(originCheck(options.allowedOrigins, options.allowedHosts));
  app.use("/mcp", bearerAuth(policy));

  const existing = (req: Request, res: Response): Session | undefined => {
    const id = first(req.headers["mcp-session-id"]);
    const session = id ? sessions.get(id) : undefined;
    if (!session) {
      res.status(id ? 404 : 400).json({
        jsonrpc: "2.0",
        error: {
          code: -32000,
          message: id ? `Unknown session ${id}; initialize again` : "Missing mcp-session-id",
        },
        id: null,
      });
      return undefined;
    }
    if (session.clientId !== (res.locals.client as ClientIdentity).id) {
      sendError(res, 403, "PERMISSION_DENIED", "This session belongs to another client");
      return undefined;
    }
    return session;
  };

  app.post("/mcp", async (req, res) => {
    if (req.headers["mcp-session-id"] === undefined && isInitializeRequest(req.body)) {
      const client = res.locals.client as ClientIdentity;
      let server: McpServer;
      try {
        server = newSession(client, req);
      } catch (error) {
        sendError(res, 400, "INVALID_ARGS", BridgeError.from(error).message);
        return;
      }
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, { transport, server, clientId: client.id, lastSeen: Date.now(), active: 0 });
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
        void server.close();
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
      return;
    }
    const session = existing(req, res);
    if (session) await tracked(session, res, () => session.transport.handleRequest(req, res, req.body));
  });

  const passThrough = async (req: Request, res: Response) => {
    const session = existing(req, res);
    if (session) await tracked(session, res, () => session.transport.handleRequest(req, res));
  };
  const sweeper = setInterval(() => {
    const cutoff = Date.now() - SESSION_IDLE_MS;
    for (const s of sessions.values()) if (s.active === 0 && s.lastSeen < cutoff) void s.transport.close();
  }, 60_000);
  sweeper.unref();
  app.get("/mcp", passThrough);
  app.delete("/mcp", passThrough);

  return {
    app,
    sessions,
    async closeSessions() {
      clearInterval(sweeper);
      await Promise.allSettled([...sessions.values()].map((s) => s.transport.close()));
      sessions.clear();
    },
  };
}

/** Counts a request as active until its response closes (an SSE stream stays open after handleRequest). */
async function tracked(session: Session, res: Response, handle: () => Promise<void>): Promise<void> {
  session.active++;
  session.lastSeen = Date.now();
  res.once("close", () => {
    session.active--;
    session.lastSeen = Date.now();
  });
  await handle();
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
  const server: Server = await new Promise((resolve, reject) => {
    const s = http.app.listen(options.port, options.host, () => resolve(s));
    s.once("error", reject);
  });
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

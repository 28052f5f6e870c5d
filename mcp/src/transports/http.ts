/**
 * Streamable HTTP transport: stateful sessions, one McpServer per session, POST/GET/DELETE on /mcp.
 * Host header validation (SDK middleware) and Origin checks against DNS rebinding; bearer token on
 * every request. The session's event subscription comes from X-MCP-Events / X-MCP-Players or
 * ?events= / ?players= on the initialize request.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BridgeError, type ClientIdentity, type Policy } from "@mcp-bridge/shared";
import { createMcpExpressApp } from "@modelcontextprotocol/sdk/server/express.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Express, Request, Response } from "express";
import type { ServerDeps } from "../deps.js";
import { Subscription } from "../events/subscription.js";
import { createServer } from "../server.js";
import { bearerAuth, originCheck, sendError } from "./http-auth.js";

export interface HttpOptions {
  host: string;
  port: number;
  allowedHosts: string[];
  allowedOrigins: string[];
}

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

function first(value: unknown): string | undefined {
  if (Array.isArray(value)) return first(value[0]);
  return typeof value === "string" ? value : undefined;
}

export function createHttpApp(deps: ServerDeps, policy: () => Policy, options: HttpOptions): HttpApp {
  const sessions = new Map<string, Session>();
  const app = createMcpExpressApp({ host: options.host, allowedHosts: options.allowedHosts });
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
      let subscription: Subscription;
      try {
        subscription = Subscription.parse(
          first(req.headers["x-mcp-events"]) ?? first(req.query.events),
          first(req.headers["x-mcp-players"]) ?? first(req.query.players),
        );
      } catch (error) {
        sendError(res, 400, "INVALID_ARGS", BridgeError.from(error).message);
        return;
      }
      const clientId = (res.locals.client as ClientIdentity).id;
      const server = createServer(deps, { clientId, subscription });
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, { transport, server, clientId, lastSeen: Date.now(), active: 0 });
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
  deps: ServerDeps,
  policy: () => Policy,
  options: HttpOptions,
): Promise<RunningHttp> {
  const http = createHttpApp(deps, policy, options);
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

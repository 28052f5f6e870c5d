/**
 * Streamable HTTP transport for any of our MCP servers (mcp, bitburner): stateful sessions, one
 * McpServer per session while it is in use (dormant otherwise, http-sessions.ts), POST/GET/DELETE on /mcp. Host header validation (SDK middleware) and Origin
 * checks against DNS rebinding; bearer token (policy client) on every request; a session is bound to
 * the client that opened it. What a session is made of is the caller's `newSession`.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { hostHeaderValidation } from "@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { SessionLimits } from "../config.js";
import { BridgeError, type ClientIdentity, type Policy } from "../index.js";
import { bearerAuth, originCheck, sendError } from "./http-auth.js";
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
  /** Largest JSON request body (default 100 KB, express's own default); bigger ones get 413. */
  maxBodyBytes?: number;
  /** Session caps and timeouts (http-sessions.ts; defaults DEFAULT_SESSION_LIMITS). */
  sessions?: SessionLimits;
}

/**
 * Called once per initialize request of an authenticated client: reads what the session needs from
 * the request and returns how to build its McpServer. The builder runs at once and again each time
 * the session wakes from dormancy, so state that must outlive a dormant period lives in its closure.
 * Throwing a BridgeError refuses the initialize with 400 and that error (e.g. a bad subscription header).
 */
export type SessionFactory = (client: ClientIdentity, req: Request) => () => McpServer;

export interface HttpApp {
  app: Express;
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
  // What the SDK's createMcpExpressApp does, with a body limit we choose: Host header validation
  // (DNS rebinding) BEFORE the body is read, then the JSON parser.
  const app = express();
  app.use(hostHeaderValidation(options.allowedHosts));
  // Every body the MCP transport takes as JSON (its media type check), so the limit applies to all.
  app.use(
    express.json({
      limit: options.maxBodyBytes ?? 100 * 1024,
      type: (req) => isJsonContentType(req.headers["content-type"]),
    }),
  );
  app.use((error: Error & { status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error.status === 413) {
      sendError(res, 413, "INVALID_ARGS", `Request body over ${options.maxBodyBytes ?? 100 * 1024} bytes`);
    } else if (error.status === 400) sendError(res, 400, "SCHEMA_ERROR", "Request body is not valid JSON");
    else next(error);
  });
  app.use(originCheck(options.allowedOrigins, options.allowedHosts));
  app.use("/mcp", bearerAuth(policy));

  const existing = (req: Request, res: Response): SessionRecord | undefined => {
    const id = first(req.headers["mcp-session-id"]);
    const session = id ? table.sessions.get(id) : undefined;
    if (!session) {
      // 404 for an unknown or closed session: the MCP spec's signal to initialize again.
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

  const run = async (session: SessionRecord, req: Request, res: Response, body?: unknown, greet = false) => {
    try {
      if (greet) await table.greet(session, req, res, body);
      else await table.run(session, req, res, body);
    } catch (error) {
      if (!res.headersSent) {
        sendError(res, 500, "SERVER_ERROR", `Session could not be resumed: ${(error as Error).message}`);
      }
    }
  };

  app.post("/mcp", async (req, res) => {
    if (req.headers["mcp-session-id"] === undefined && isInitializeRequest(req.body)) {
      const client = res.locals.client as ClientIdentity;
      const initialize = JSON.stringify(req.body);
      if (initialize.length > MAX_INITIALIZE_BYTES) {
        sendError(res, 413, "INVALID_ARGS", `initialize request over ${MAX_INITIALIZE_BYTES} bytes`);
        return;
      }
      let build: () => McpServer;
      try {
        build = newSession(client, req);
        table.makeRoom(client.id);
      } catch (error) {
        const refused = BridgeError.from(error);
        sendError(res, refused.code === "RATE_LIMITED" ? 429 : 400, refused.code, refused.message);
        return;
      }
      const id = table.open(client.id, initialize, build);
      await run(table.sessions.get(id)!, req, res, req.body, true);
      return;
    }
    const session = existing(req, res);
    if (!session) return;
    table.observe(session, req.body);
    // A dormant session replays `initialized` when it wakes: nothing to build for it now.
    if (!session.live && req.body?.method === "notifications/initialized" && req.body.id === undefined) {
      res.status(202).end();
      return;
    }
    await run(session, req, res, req.body);
  });

  const passThrough = async (req: Request, res: Response) => {
    const session = existing(req, res);
    if (!session) return;
    table.observe(session, undefined);
    await run(session, req, res);
  };
  app.get("/mcp", passThrough);
  app.delete("/mcp", passThrough);

  return { app, sessions: table, closeSessions: () => table.closeAll() };
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

/**
 * The HTTP front of our MCP servers on Node's own `node:http`: every request passes, in this order,
 * the Host check, the JSON body (read once, http-body.ts), the Origin check, then its route: /mcp
 * (and below it) needs a bearer token, a few GET routes outside it do not. It keeps what Express
 * answered here (it cost as much CPU per call as the MCP work itself, issue 29): paths match without
 * case and with an optional trailing slash, HEAD takes a GET route, OPTIONS lists a route's methods,
 * anything else is finalhandler's 404 page.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { ClientIdentity, Policy } from "../index.js";
import { bearerClient, hostAllowed, originAllowed, sendError } from "./http-auth.js";
import { readJsonBody } from "./http-body.js";
import { sendAllowed, sendNotFound } from "./http-reply.js";

export interface FrontOptions {
  allowedHosts: string[];
  allowedOrigins: string[];
  maxBodyBytes: number;
  policy: () => Policy;
}

/** An authenticated /mcp request (POST, GET, HEAD or DELETE); `body` is its JSON, if it had one. */
export type McpHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  client: ClientIdentity,
  body: unknown,
) => Promise<void>;

/** A GET route outside /mcp (health, metrics): no bearer token, HEAD answered by it too. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface HttpFront {
  listener: RequestListener;
  /** Adds GET `path` (e.g. "/healthz"). */
  get(path: string, handler: RouteHandler): void;
}

const MCP_PATH = "/mcp";
const MCP_METHODS = ["DELETE", "GET", "HEAD", "POST"];
const GET_METHODS = ["GET", "HEAD"];

export function createFront(options: FrontOptions, mcp: McpHandler): HttpFront {
  const routes = new Map<string, RouteHandler>();

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(options.allowedHosts, req, res)) return;
    // Read before the Origin and token checks, as Express's body parser was: their order decides
    // which error a bad request sees.
    const read = await readJsonBody(req, options.maxBodyBytes);
    if (read.refusal) {
      const { status, code, message } = read.refusal;
      sendError(res, status, code, message);
      return;
    }
    if (!originAllowed(options.allowedOrigins, options.allowedHosts, req, res)) return;
    const pathname = pathOf(req.url ?? "/");
    const route = routeKey(pathname);
    if (route === MCP_PATH || route.startsWith(`${MCP_PATH}/`)) {
      const client = bearerClient(options.policy, req, res);
      if (!client) return;
      if (route !== MCP_PATH) return sendNotFound(req, res, pathname);
      if (req.method === "OPTIONS") return sendAllowed(res, MCP_METHODS);
      if (!MCP_METHODS.includes(req.method!)) return sendNotFound(req, res, pathname);
      return mcp(req, res, client, read.body);
    }
    const handler = routes.get(route);
    if (handler && req.method === "OPTIONS") return sendAllowed(res, GET_METHODS);
    if (!handler || !GET_METHODS.includes(req.method!)) return sendNotFound(req, res, pathname);
    await handler(req, res);
  };

  return {
    listener(req, res) {
      serve(req, res).catch((error: unknown) => {
        if (res.headersSent) res.destroy();
        else sendError(res, 500, "SERVER_ERROR", (error as Error).message);
      });
    },
    get(path, handler) {
      routes.set(routeKey(path), handler);
    },
  };
}

/** The path of a request target (origin form, or the absolute form a proxy may send). */
function pathOf(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (path.startsWith("/")) return path;
  try {
    return new URL(path).pathname;
  } catch {
    return path; // e.g. "*": matches no route
  }
}

/** How Express matched paths: without case, one trailing slash optional. */
function routeKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}

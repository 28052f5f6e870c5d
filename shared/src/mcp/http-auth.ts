/**
 * HTTP request guards. In: an Express request. Out: the caller's policy client (bearer token ->
 * Policy.clientByToken, checked on EVERY request so a revoked token stops working at once), or a
 * JSON-RPC error: 401 AUTH_FAILED (missing/wrong token), 403 PERMISSION_DENIED for a foreign Origin.
 */

import type { NextFunction, Request, Response } from "express";
import type { ClientIdentity, ErrorCode, Policy } from "../index.js";

/** The JSON-RPC code of the errors this layer answers itself, as the SDK's HTTP transport uses. */
export const HTTP_REFUSAL_RPC_CODE = -32000;

/**
 * An error answered before the MCP SDK sees the request, in the JSON-RPC error shape the SDK's own
 * HTTP errors have: numeric `code`, `message`, and the protocol's code in `data.code`.
 */
export function sendError(res: Response, status: number, code: ErrorCode, message: string): void {
  if (status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="minecraft-mcp"');
  res.status(status).json({
    jsonrpc: "2.0",
    error: { code: HTTP_REFUSAL_RPC_CODE, message: `${code}: ${message}`, data: { code } },
    id: null,
  });
}

export function bearerAuth(policy: () => Policy) {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      sendError(res, 401, "AUTH_FAILED", "Missing bearer token: send 'Authorization: Bearer <token>'");
      return;
    }
    const client = policy().clientByToken(match[1]!);
    if (!client) {
      sendError(res, 401, "AUTH_FAILED", "Invalid bearer token: it matches no client in the policy file");
      return;
    }
    res.locals.client = client satisfies ClientIdentity;
    next();
  };
}

/** Browsers send Origin; a page on another site must not drive this server (DNS rebinding, CSRF). */
export function originCheck(allowedOrigins: string[], allowedHosts: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (!origin) return next();
    let hostname = "";
    try {
      hostname = new URL(origin).hostname;
    } catch {
      // stays "" -> refused below
    }
    const hostOk = allowedHosts.includes(hostname) || allowedHosts.includes(`[${hostname}]`);
    if (allowedOrigins.includes(origin) || (allowedOrigins.length === 0 && hostOk)) return next();
    sendError(
      res,
      403,
      "PERMISSION_DENIED",
      `Origin ${origin} is not allowed; set MCP_ALLOWED_ORIGINS to permit it`,
    );
  };
}

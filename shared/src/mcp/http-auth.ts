/**
 * HTTP request guards. In: Node's request. Out: whether it may go on, or an answer already written:
 * 403 for a Host header not in the allowed list (the SDK's hostHeaderValidation, same bodies), 403
 * PERMISSION_DENIED for a foreign Origin, 401 AUTH_FAILED for a missing or wrong bearer token. The
 * token is looked up (Policy.clientByToken) on EVERY request, so a revoked token stops working at once.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ClientIdentity, ErrorCode, Policy } from "../index.js";
import { sendJson } from "./http-reply.js";

/** The JSON-RPC code of the errors this layer answers itself, as the SDK's HTTP transport uses. */
export const HTTP_REFUSAL_RPC_CODE = -32000;

/**
 * An error answered before the MCP SDK sees the request, in the JSON-RPC error shape the SDK's own
 * HTTP errors have: numeric `code`, `message`, and the protocol's code in `data.code`.
 */
export function sendError(res: ServerResponse, status: number, code: ErrorCode, message: string): void {
  if (status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="minecraft-mcp"');
  sendJson(res, status, {
    jsonrpc: "2.0",
    error: { code: HTTP_REFUSAL_RPC_CODE, message: `${code}: ${message}`, data: { code } },
    id: null,
  });
}

/**
 * DNS rebinding: the Host header's hostname (any port) must be one of `allowedHosts` (IPv6 in
 * brackets). Answers as the SDK's hostHeaderValidation middleware does when it is not.
 */
export function hostAllowed(
  allowedHosts: readonly string[],
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const host = req.headers.host;
  let message: string;
  if (!host) message = "Missing Host header";
  else {
    let hostname: string | undefined;
    try {
      hostname = new URL(`http://${host}`).hostname;
    } catch {
      // not a host: refused below with the header as it came
    }
    if (hostname !== undefined && allowedHosts.includes(hostname)) return true;
    message = hostname === undefined ? `Invalid Host header: ${host}` : `Invalid Host: ${hostname}`;
  }
  sendJson(res, 403, { jsonrpc: "2.0", error: { code: HTTP_REFUSAL_RPC_CODE, message }, id: null });
  return false;
}

/** Browsers send Origin; a page on another site must not drive this server (DNS rebinding, CSRF). */
export function originAllowed(
  allowedOrigins: readonly string[],
  allowedHosts: readonly string[],
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let hostname = "";
  try {
    hostname = new URL(origin).hostname;
  } catch {
    // stays "" -> refused below
  }
  const hostOk = allowedHosts.includes(hostname) || allowedHosts.includes(`[${hostname}]`);
  if (allowedOrigins.includes(origin) || (allowedOrigins.length === 0 && hostOk)) return true;
  const message = `Origin ${origin} is not allowed; set MCP_ALLOWED_ORIGINS to permit it`;
  sendError(res, 403, "PERMISSION_DENIED", message);
  return false;
}

/** The policy client whose bearer token the request carries, or undefined once 401 is answered. */
export function bearerClient(
  policy: () => Policy,
  req: IncomingMessage,
  res: ServerResponse,
): ClientIdentity | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  if (!match) {
    sendError(res, 401, "AUTH_FAILED", "Missing bearer token: send 'Authorization: Bearer <token>'");
    return undefined;
  }
  const client = policy().clientByToken(match[1]!);
  if (!client) {
    sendError(res, 401, "AUTH_FAILED", "Invalid bearer token: it matches no client in the policy file");
  }
  return client;
}

/**
 * The answers the HTTP front writes itself, on Node's own response, with the bytes Express wrote for
 * them before (http.ts moved off Express for its per-call cost, issue 29): JSON as `res.json` sent it,
 * finalhandler's HTML page for an unknown route, the router's automatic OPTIONS answer. Not kept:
 * Express's `X-Powered-By` and `ETag` headers (no client reads them).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** `value` as JSON, the way Express's `res.status(status).json(value)` answered it. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

/** What Express's router answered to OPTIONS on a route: the methods it takes (HEAD with GET). */
export function sendAllowed(res: ServerResponse, methods: readonly string[]): void {
  const allow = [...methods].sort().join(", ");
  res.statusCode = 200;
  res.setHeader("Allow", allow);
  res.setHeader("Content-Length", Buffer.byteLength(allow));
  res.setHeader("Content-Type", "text/plain");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(allow);
}

/** finalhandler's 404 page ("Cannot GET /path"), so a client probing a wrong path sees what it did. */
export function sendNotFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const message = `Cannot ${req.method} ${encodeUrl(pathname)}`;
  const body =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n' +
    `<body>\n<pre>${escapeHtml(message).replaceAll("\n", "<br>").replaceAll("  ", " &nbsp;")}</pre>\n</body>\n</html>\n`;
  res.statusCode = 404;
  res.setHeader("Content-Security-Policy", "default-src 'none'");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

/** Characters a URL may not hold as they are, and `%` not followed by two hex digits. */
const UNSAFE_IN_URL =
  /(?:[^\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]|%(?:[^0-9A-Fa-f]|[0-9A-Fa-f][^0-9A-Fa-f]|$))+/g;

/**
 * Percent-encodes what is not yet encoded, leaving existing escapes (as the `encodeurl` package; a
 * request target from Node's parser holds no lone surrogates, so none need replacing).
 */
function encodeUrl(url: string): string {
  return url.replace(UNSAFE_IN_URL, encodeURI);
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

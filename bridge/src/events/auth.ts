/** Bearer tokens of the event endpoint: extraction and constant-time comparison. */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(req: Pick<IncomingMessage, "headers">): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

/**
 * Compares secrets in time independent of where they differ and of their lengths (both sides are
 * hashed to 32 bytes first, so timingSafeEqual never sees different lengths).
 */
export function secretsEqual(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

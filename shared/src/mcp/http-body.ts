/**
 * Reads a request's JSON body as Express's `express.json` did for http.ts, with the same outcomes:
 * - no body (neither Content-Length nor Transfer-Encoding), or a media type that is not JSON by the
 *   MCP transport's rule (isJsonContentType): `body` undefined, the body left unread;
 * - an empty body: `{}` (body-parser's special case); gzip, deflate, br (and zstd where Node has it)
 *   bodies inflated first, the limit counted on the inflated bytes;
 * - over the limit: 413 INVALID_ARGS, at once when Content-Length says so, else as soon as the bytes
 *   read pass it; the rest is drained without being kept (body-parser read it all, then answered).
 *   Draining, not closing: a client still sending its body (fetch) gets EPIPE instead of the 413;
 * - not a JSON object or array, or not valid JSON: 400 SCHEMA_ERROR;
 * - a charset other than UTF-8 (UTF-16 decoded) or an unknown Content-Encoding: 415 INVALID_ARGS,
 *   where Express answered its HTML error page.
 */
import type { IncomingMessage } from "node:http";
import type { Readable, Transform } from "node:stream";
import { TextDecoder } from "node:util";
import zlib from "node:zlib";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import type { ErrorCode } from "../errors.js";

/** Why a body was refused: the HTTP status and the protocol error answered with it. */
interface BodyRefusal {
  status: number;
  code: ErrorCode;
  message: string;
}

export type BodyOutcome = { body: unknown; refusal?: undefined } | { refusal: BodyRefusal };

const NO_BODY: BodyOutcome = { body: undefined };

export async function readJsonBody(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  const { headers } = req;
  const length = headers["content-length"];
  if (length === undefined && headers["transfer-encoding"] === undefined) return NO_BODY;
  if (!isJsonContentType(headers["content-type"])) return NO_BODY;
  const charset = charsetOf(headers["content-type"]!);
  if (!charset.startsWith("utf-")) return unsupported(`charset "${charset.toUpperCase()}"`);
  const encoding = (headers["content-encoding"] ?? "identity").toLowerCase();
  const inflate = encoding === "identity" ? undefined : inflater(encoding);
  if (inflate === null) return unsupported(`content encoding "${encoding}"`);
  const tooLarge: BodyOutcome = {
    refusal: { status: 413, code: "INVALID_ARGS", message: `Request body over ${limit} bytes` },
  };
  if (!inflate && Number(length) > limit) return tooLarge;
  const decoder = charset === "utf-8" ? undefined : textDecoder(charset);
  if (decoder === null) return unsupported(`charset "${charset.toUpperCase()}"`);
  if (inflate) req.pipe(inflate);
  const bytes = await collect(inflate ?? req, limit);
  if (inflate) {
    req.unpipe(inflate);
    inflate.on("error", () => {}); // a late inflate error of a body already answered
    inflate.destroy();
  }
  if (bytes === "over") req.resume(); // drained: Node reads the rest off the socket and drops it
  if (bytes === "over") return tooLarge;
  if (bytes === "failed") return notJson();
  return parse(decoder ? decoder.decode(bytes) : utf8(bytes));
}

/** The charset parameter of a Content-Type, lowercased; UTF-8 when it names none. */
function charsetOf(contentType: string): string {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return (match?.[1] ?? match?.[2] ?? "utf-8").toLowerCase() || "utf-8";
}

/** The stream that inflates a Content-Encoding, null for one we cannot read. */
function inflater(encoding: string): Transform | null {
  if (encoding === "gzip") return zlib.createGunzip();
  if (encoding === "deflate") return zlib.createInflate();
  if (encoding === "br") return zlib.createBrotliDecompress();
  // Not in every Node we support (engines): body-parser took zstd where zlib had it.
  if (encoding === "zstd" && typeof zlib.createZstdDecompress === "function")
    return zlib.createZstdDecompress();
  return null;
}

/** A decoder for a UTF charset other than UTF-8 (it drops a byte order mark), null if unknown. */
function textDecoder(charset: string): TextDecoder | null {
  try {
    return new TextDecoder(charset);
  } catch {
    return null;
  }
}

/** UTF-8 text without a leading byte order mark (iconv-lite, under body-parser, dropped it too). */
function utf8(bytes: Buffer): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString("utf8", bom ? 3 : 0);
}

/** Strict JSON as body-parser took it: only an object or array; an empty body is `{}`. */
function parse(text: string): BodyOutcome {
  if (text.length === 0) return { body: {} };
  const start = /^[ \t\n\r]*(.?)/.exec(text)![1];
  if (start !== "{" && start !== "[") return notJson();
  try {
    return { body: JSON.parse(text) };
  } catch {
    return notJson();
  }
}

const notJson = (): BodyOutcome => ({
  refusal: { status: 400, code: "SCHEMA_ERROR", message: "Request body is not valid JSON" },
});

const unsupported = (what: string): BodyOutcome => ({
  refusal: { status: 415, code: "INVALID_ARGS", message: `Unsupported ${what}: send UTF-8 JSON` },
});

/**
 * The bytes of `stream` up to `limit`; "over" as soon as more arrive (what follows is not kept),
 * "failed" if it breaks or closes first (a client gone, a corrupt compressed body).
 */
function collect(stream: Readable, limit: number): Promise<Buffer | "over" | "failed"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: Buffer | "over" | "failed") => {
      stream.off("data", onData).off("end", onEnd).off("error", onFailure).off("close", onFailure);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else finish("over");
    };
    const onEnd = () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    const onFailure = () => finish("failed");
    stream.on("data", onData).once("end", onEnd).once("error", onFailure).once("close", onFailure);
  });
}

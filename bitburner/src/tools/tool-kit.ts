/**
 * What every tool shares: its definition shape (strict zod input, output schema, annotations, a
 * `run` that returns text + structured content), the `server`/`filename` arguments, paging, and
 * the conversion of any failure into an `isError` result whose text starts with the protocol code
 * and ends with a hint the model can act on.
 */
import {
  BridgeError,
  type ClientIdentity,
  ERROR_HINTS,
  type ErrorCode,
  type Logger,
} from "@mcp-bridge/shared";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Access } from "../access.js";
import type { DefinitionsCache } from "../definitions/definitions-cache.js";
import { checkFilePath, type FileKind } from "../game/file-path.js";
import type { GameCapabilities } from "../game/game-capabilities.js";
import { gameHint } from "../game/game-errors.js";
import { checkHostname } from "../game/hostname.js";
import type { RemoteApi } from "../game/remote-api.js";

export const ERROR_META_KEY = "bitburner-mcp/error";

export interface ToolContext {
  api: RemoteApi;
  game: GameCapabilities;
  access: Access;
  definitions: DefinitionsCache;
  client: ClientIdentity;
  logger: Logger;
}

interface ToolOutput {
  text: string;
  structured: Record<string, unknown>;
  /** Extra fields for the call's log line (sizes, counts); never content. */
  log?: Record<string, unknown>;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: z.ZodObject;
  annotations: ToolAnnotations;
  run(args: z.infer<I>, ctx: ToolContext): Promise<ToolOutput>;
}

export function defineTool<I extends z.ZodObject>(definition: ToolDefinition<I>): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

export const serverArg = z
  .string()
  .trim()
  .min(1, "must name a server")
  .max(256)
  .default("home")
  .describe("Hostname of the in-game server (default 'home'); list_servers shows them all");

export const filenameArg = z
  .string()
  .max(4096)
  .describe("Path of the file on that server, e.g. 'hack.js' or 'lib/util.ts' (a leading '/' is dropped)");

/**
 * The stored path of a file the connected game can handle, or INVALID_ARGS naming that game's
 * version and what it takes. A bad server or a name no release accepts is refused before the game
 * is asked anything (its version included).
 */
export async function gameFilePath(
  ctx: ToolContext,
  server: string,
  filename: string,
  kind: FileKind = "content",
) {
  checkHostname(server);
  checkFilePath(filename, kind);
  return checkFilePath(filename, kind, await ctx.game.profile());
}

export const offsetArg = z.number().int().min(0).default(0).describe("Where to start (0-based)");

export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** A slice of text that never splits a surrogate pair, and where the next page starts. */
export function page(
  text: string,
  offset: number,
  limit: number,
): { content: string; nextOffset: number | null } {
  let end = Math.min(text.length, offset + limit);
  const code = text.charCodeAt(end - 1);
  if (end < text.length && end > offset + 1 && code >= 0xd800 && code <= 0xdbff) end--;
  const content = offset >= text.length ? "" : text.slice(offset, end);
  return { content, nextOffset: end < text.length ? end : null };
}

const HINTS: Partial<Record<ErrorCode, string>> = {
  CONNECTION_ERROR:
    "No game is connected. In Bitburner open Options -> Remote API, check host and port, press Connect, then call again. " +
    "The game does not reconnect by itself after this server restarts (unless a reconnection delay is set there).",
  TIMEOUT: "The game did not answer in time (a paused or background tab is slow); call again.",
  UNSUPPORTED: "This game version lacks the method; update Bitburner or use another tool.",
};

export function errorResult(thrown: unknown): CallToolResult {
  const error = BridgeError.from(thrown);
  const hint = gameHint(error.details?.reason, error.details) ?? HINTS[error.code] ?? ERROR_HINTS[error.code];
  return {
    isError: true,
    content: [{ type: "text", text: `${error.code}: ${error.message}\nHint: ${hint}` }],
    _meta: { [ERROR_META_KEY]: { ...error.toPayload(), hint, retryable: error.retryable } },
  };
}

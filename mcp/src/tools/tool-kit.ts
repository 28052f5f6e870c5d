/**
 * Shared pieces of every tool: the optional `server` argument, success results (structuredContent +
 * short text) and error results (`isError`, the protocol code first, a hint the model can act on,
 * and the code again in `_meta` for programs). A result of a queued job names it in `_meta`.
 */
import { BridgeError, ERROR_HINTS } from "@mcp-bridge/shared";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ServerDeps } from "../deps.js";

export const ERROR_META_KEY = "minecraft-mcp/error";
/** `{jobId}` of the queued job behind a result (success or error): for get_job and Bull Board. */
export const JOB_META_KEY = "minecraft-mcp/job";

export function serverArg(servers: string[]) {
  return z
    .enum(servers as [string, ...string[]])
    .optional()
    .describe(`Which Minecraft server (default '${servers[0]}'). Configured: ${servers.join(", ")}`);
}

export function resolveServer(deps: ServerDeps, server: string | undefined): string {
  const id = server ?? deps.servers[0]!;
  if (!deps.servers.includes(id)) {
    throw new BridgeError("INVALID_ARGS", `Unknown server '${id}'; configured: ${deps.servers.join(", ")}`, {
      details: { field: "server" },
    });
  }
  return id;
}

export function okResult(text: string, structured: Record<string, unknown>, jobId?: string): CallToolResult {
  const result: CallToolResult = { content: [{ type: "text", text }], structuredContent: structured };
  if (jobId !== undefined) result._meta = { [JOB_META_KEY]: { jobId } };
  return result;
}

function errorResult(thrown: unknown, hint?: string): CallToolResult {
  const error = BridgeError.from(thrown);
  const advice = hint ?? ERROR_HINTS[error.code];
  return {
    isError: true,
    content: [{ type: "text", text: `${error.code}: ${error.message}\nHint: ${advice}` }],
    _meta: {
      [ERROR_META_KEY]: { ...error.toPayload(), hint: advice, retryable: error.retryable },
      ...(error.jobId === undefined ? {} : { [JOB_META_KEY]: { jobId: error.jobId } }),
    },
  };
}

/** Runs a tool body; anything thrown becomes an error result, never a crash. */
export async function guarded(
  body: () => Promise<CallToolResult>,
  hint?: (error: BridgeError) => Promise<string | undefined>,
): Promise<CallToolResult> {
  try {
    return await body();
  } catch (thrown) {
    const error = BridgeError.from(thrown);
    const text = hint ? await hint(error).catch(() => undefined) : undefined;
    return errorResult(error, text);
  }
}

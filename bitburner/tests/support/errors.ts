import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The protocol code of an error result (the test fails when the call succeeded). */
export function errorOf(result: CallToolResult): {
  code: string;
  message: string;
  hint: string;
  reason?: string;
} {
  if (!result.isError) throw new Error(`expected an error, got ${JSON.stringify(result.structuredContent)}`);
  const meta = result._meta?.["bitburner-mcp/error"] as {
    code: string;
    message: string;
    hint: string;
    details?: { reason?: string };
  };
  return { code: meta.code, message: meta.message, hint: meta.hint, reason: meta.details?.reason };
}

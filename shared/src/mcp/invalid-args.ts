/**
 * The SDK answers arguments that fail a tool's input schema with an isError result whose text is
 * "MCP error -32602: Input validation error: ...", without the protocol's code. This wraps the
 * tools/call handler so such results start with INVALID_ARGS and carry the code in _meta (under the
 * server's own key) like every other error (through sdk-handlers.ts; a unit test in mcp/ pins it).
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { wrapSdkHandler } from "./sdk-handlers.js";

const MARKER = "Input validation error: ";

export function codeInvalidArguments(server: McpServer, metaKey: string): void {
  wrapSdkHandler(server, "tools/call", (original) => async (request, extra) => {
    const result = (await original(request, extra)) as CallToolResult;
    const first = result.content?.[0];
    if (!result.isError || first?.type !== "text" || !first.text.includes(MARKER)) return result;
    const message = first.text.slice(first.text.indexOf(MARKER) + MARKER.length);
    const hint = "Fix the named argument to match the tool's input schema and call again.";
    return {
      isError: true,
      content: [{ type: "text", text: `INVALID_ARGS: ${message}\nHint: ${hint}` }],
      _meta: { [metaKey]: { code: "INVALID_ARGS", message, hint, retryable: false } },
    };
  });
}

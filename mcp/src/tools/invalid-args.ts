/** Schema failures answered with INVALID_ARGS and the code in _meta (the shared wrapper, our meta key). */
import { codeInvalidArguments as withMetaKey } from "@mcp-bridge/shared/mcp-stdio";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ERROR_META_KEY } from "./tool-kit.js";

export function codeInvalidArguments(server: McpServer): void {
  withMetaKey(server, ERROR_META_KEY);
}

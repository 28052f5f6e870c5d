/** The MCP server's Lua scripts (the files next to this one). */
import { loadScript } from "@mcp-bridge/shared";

export const RATE_SLIDING_LOG = loadScript(import.meta.url, "rate-sliding-log");

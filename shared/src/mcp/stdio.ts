/**
 * stdio transport for any of our MCP servers: one session for the parent process (a desktop
 * client). Nothing but MCP messages is ever written to stdout (servers log to stderr).
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

export async function serveStdio(server: McpServer): Promise<{ close(): Promise<void> }> {
  await server.connect(new StdioServerTransport());
  return { close: () => server.close() };
}

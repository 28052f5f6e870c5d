/**
 * stdio transport for any of our MCP servers: one session for the parent process (a desktop
 * client). Nothing but MCP messages is ever written to stdout (servers log to stderr).
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { coalesceWrites } from "../coalesce-writes.js";

export async function serveStdio(server: McpServer): Promise<{ close(): Promise<void> }> {
  // A burst of pushed events goes out in one write per event-loop turn, not one per message. A
  // process that exits within the turn of its last write still writes it (stdout to a pipe or a
  // file is synchronous in Node on Linux).
  await server.connect(new StdioServerTransport(process.stdin, coalesceWrites(process.stdout)));
  process.once("exit", () => {
    while (process.stdout.writableCorked > 0) process.stdout.uncork();
  });
  return { close: () => server.close() };
}

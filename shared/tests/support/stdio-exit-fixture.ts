/**
 * For shared/tests/integration/stdio-exit.test.ts: serves MCP over stdio (serveStdio, whose stdout
 * coalesces writes per event-loop turn), writes lines and exits within the same turn.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { serveStdio } from "../../src/mcp/stdio.js";

await serveStdio(new McpServer({ name: "stdio-exit-fixture", version: "1.0.0" }));
for (let i = 0; i < 100; i++) process.stdout.write(`line ${i}\n`);
process.exit(0);

import { ExecuteCommandArgsSchema, ExecuteCommandResultSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTool } from "./game-operation.js";
import { serverArg } from "./tool-kit.js";

const name = "execute_command";

const config = (deps: ToolDeps) => ({
  title: "Run a Minecraft server command",
  description:
    "Runs one Minecraft console command (without the leading slash), e.g. 'time set day' or 'weather clear', " +
    "and returns the server's text output. Only commands matching your role's allowed patterns are accepted, " +
    "one plain command per call (no ';', '&&', '||' or control characters; at most 256 chars unless your role allows more); " +
    "a role limited to certain players may name only those players (no @a/@p selectors). " +
    "Prefer the dedicated tools (give_item, teleport_player, send_message) when one fits.",
  inputSchema: ExecuteCommandArgsSchema.extend({ server: serverArg(deps.servers) }),
  outputSchema: ExecuteCommandResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
});

export function registerExecuteCommandTool(server: McpServer, deps: ToolDeps): void {
  registerGameTool(
    server,
    deps,
    name,
    config(deps),
    (d) =>
      `Command output: ${String(d.output) || "(no output)"}${d.result === undefined ? "" : ` (result ${String(d.result)})`}`,
  );
}

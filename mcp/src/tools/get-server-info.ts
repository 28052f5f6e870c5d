import { EmptyArgsSchema, ServerInfoResultSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTool } from "./game-operation.js";
import { serverArg } from "./tool-kit.js";

const name = "get_server_info";

const config = (deps: ToolDeps) => ({
  title: "Server status",
  description:
    "Returns the Minecraft version, player count and maximum, time of day (ticks), weather and TPS.",
  inputSchema: EmptyArgsSchema.extend({ server: serverArg(deps.servers) }),
  outputSchema: ServerInfoResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
});

export function registerGetServerInfoTool(server: McpServer, deps: ToolDeps): void {
  registerGameTool(
    server,
    deps,
    name,
    config(deps),
    (d, serverId) =>
      `${serverId}: Minecraft ${String(d.version)}, ${d.onlinePlayers}/${d.maxPlayers} players, time ${d.timeOfDay}, ${String(d.weather)}, ${d.tps} TPS`,
  );
}

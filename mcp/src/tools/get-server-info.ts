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
      `${serverId}: Minecraft ${String(d.version)}, ${d.onlinePlayers}/${d.maxPlayers} players, time ${d.timeOfDay}, ${String(d.weather)}, ${formatTps(Number(d.tps))} TPS`,
  );
}

/** For people: 19.99999833939408 reads as 20, 19.456 as 19.46 (structuredContent keeps the number). */
export function formatTps(tps: number): string {
  return String(Math.round(tps * 100) / 100);
}

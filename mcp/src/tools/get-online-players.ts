import { EmptyArgsSchema, OnlinePlayersResultSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTool } from "./game-operation.js";
import { serverArg } from "./tool-kit.js";

const name = "get_online_players";

const config = (deps: ToolDeps) => ({
  title: "List online players",
  description:
    "Returns the exact names of every player connected right now, with the online count and the maximum. " +
    "Use it to check a name before targeting a player.",
  inputSchema: EmptyArgsSchema.extend({ server: serverArg(deps.servers) }),
  outputSchema: OnlinePlayersResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
});

export function registerGetOnlinePlayersTool(server: McpServer, deps: ToolDeps): void {
  registerGameTool(server, deps, name, config(deps), (d) => {
    const players = d.players as string[];
    return `${d.online}/${d.max} online: ${players.join(", ") || "nobody"}`;
  });
}

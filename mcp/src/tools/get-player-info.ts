import { PlayerInfoArgsSchema, PlayerInfoResultSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTool } from "./game-operation.js";
import { serverArg } from "./tool-kit.js";

const name = "get_player_info";

const config = (deps: ToolDeps) => ({
  title: "Inspect a player",
  description:
    "Returns an online player's health, food level, position (world, x, y, z), game mode and inventory.",
  inputSchema: PlayerInfoArgsSchema.extend({ server: serverArg(deps.servers) }),
  outputSchema: PlayerInfoResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
});

export function registerGetPlayerInfoTool(server: McpServer, deps: ToolDeps): void {
  registerGameTool(server, deps, name, config(deps), (d) => {
    const l = d.location as { world: string; x: number; y: number; z: number };
    const items = (d.inventory as unknown[]).length;
    return `${String(d.name)}: health ${d.health}, food ${d.foodLevel}, ${String(d.gameMode)} at ${l.x} ${l.y} ${l.z} in ${l.world}, ${items} inventory stack(s)`;
  });
}

import { TeleportPlayerArgsSchema, TeleportPlayerResultSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTool } from "./game-operation.js";
import { serverArg } from "./tool-kit.js";

const name = "teleport_player";

const config = (deps: ToolDeps) => ({
  title: "Teleport a player",
  description:
    "Moves an online player to block coordinates x, y, z, optionally in another world/dimension " +
    "(e.g. 'minecraft:the_nether'). Use get_player_info first if you need the player's current position.",
  inputSchema: TeleportPlayerArgsSchema.extend({ server: serverArg(deps.servers) }),
  outputSchema: TeleportPlayerResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
});

export function registerTeleportPlayerTool(server: McpServer, deps: ToolDeps): void {
  registerGameTool(server, deps, name, config(deps), (d) => {
    const l = d.location as { world: string; x: number; y: number; z: number };
    return `Teleported ${String(d.player)} to ${l.x} ${l.y} ${l.z} in ${l.world}`;
  });
}

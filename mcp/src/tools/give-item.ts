import { GiveItemArgsSchema, GiveItemResultSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTool } from "./game-operation.js";
import { serverArg } from "./tool-kit.js";

const name = "give_item";

const config = (deps: ToolDeps) => ({
  title: "Give items to a player",
  description:
    "Puts `quantity` of an item (an id like 'minecraft:diamond' or 'diamond') into an online player's " +
    "inventory. Calling it twice gives the items twice.",
  inputSchema: GiveItemArgsSchema.extend({ server: serverArg(deps.servers) }),
  outputSchema: GiveItemResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
});

export function registerGiveItemTool(server: McpServer, deps: ToolDeps): void {
  registerGameTool(
    server,
    deps,
    name,
    config(deps),
    (d) => `Gave ${d.quantity} ${String(d.item)} to ${String(d.player)}`,
  );
}

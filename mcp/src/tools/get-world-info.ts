import { WorldInfoArgsSchema, WorldInfoResultSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTool } from "./game-operation.js";
import { serverArg } from "./tool-kit.js";

const name = "get_world_info";

const config = (deps: ToolDeps) => ({
  title: "Scan blocks and entities around a point",
  description:
    "Returns the block types (with counts), the nearest non-air blocks and the entities in a cube of " +
    "`radius` blocks (max 32) around x, y, z. Needs the bridge mod on the server; keep the radius small.",
  inputSchema: WorldInfoArgsSchema.extend({ server: serverArg(deps.servers) }),
  outputSchema: WorldInfoResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
});

export function registerGetWorldInfoTool(server: McpServer, deps: ToolDeps): void {
  registerGameTool(server, deps, name, config(deps), (d) => {
    const palette = d.palette as { type: string; count: number }[];
    const top = palette
      .slice(0, 8)
      .map((p) => `${p.type} x${p.count}`)
      .join(", ");
    return `${palette.length} block type(s) (${top}), ${(d.entities as unknown[]).length} entit(ies)${d.truncated ? ", truncated" : ""}`;
  });
}

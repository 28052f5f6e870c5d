import { EVENT_TYPES, PlayerNameSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { ToolDeps } from "../deps.js";
import { registerCheckedTool } from "./register.js";
import { okResult } from "./tool-kit.js";

const name = "subscribe_events";

const FilterSchema = z.object({
  types: z.array(z.enum(EVENT_TYPES)).describe("Subscribed event types; empty = all"),
  players: z.array(z.string()).describe("Subscribed players; empty = all"),
});

const config = {
  title: "Choose which game events this session gets",
  description:
    "Sets this session's event subscription: the event types and (optionally) players that get_events, " +
    "wait_for_events, log notifications and the minecraft://events/recent resource deliver by default. " +
    "Empty lists mean all. Call with no arguments to see the current subscription.",
  inputSchema: z.object({
    types: z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length).optional().describe("Event types; [] = all"),
    players: z.array(PlayerNameSchema).max(100).optional().describe("Players; [] = all"),
  }),
  outputSchema: FilterSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

export function registerSubscribeEventsTool(server: McpServer, deps: ToolDeps): void {
  registerCheckedTool(server, deps, name, config, async (args) => {
    const current = deps.session.subscription.get();
    deps.session.subscription.set({
      types: args.types ?? current.types,
      players: args.players ?? current.players,
    });
    const now = deps.session.subscription.get();
    const text = `Subscribed to ${now.types.length ? now.types.join(", ") : "all event types"} of ${now.players.length ? now.players.join(", ") : "all players"}`;
    return okResult(text, { ...now });
  });
}

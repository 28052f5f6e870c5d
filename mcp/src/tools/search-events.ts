import { EventRecordSchema } from "@mcp-bridge/shared/events";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { ToolDeps } from "../deps.js";
import { MAX_SCAN } from "../events/event-log.js";
import { eventsText, LimitArg, PlayersArg, TypesArg } from "./event-kit.js";
import { registerCheckedTool } from "./register.js";
import { okResult, serverArg } from "./tool-kit.js";

const name = "search_events";

const config = (deps: ToolDeps) => ({
  title: "Search recent events",
  description:
    `Finds recent events (the newest ${MAX_SCAN} at most) whose player name, data or chat text contains ` +
    "`text` (case-insensitive), e.g. a block type, a death cause or a word said in chat. Newest matches last.",
  inputSchema: z.object({
    server: serverArg(deps.servers),
    text: z.string().min(1).max(200).describe("Text to look for"),
    types: TypesArg.describe("Only these event types; default: all"),
    players: PlayersArg.describe("Only events of these players; default: all"),
    limit: LimitArg(100, 20),
  }),
  outputSchema: z.object({
    serverId: z.string(),
    events: z.array(EventRecordSchema),
    scanned: z.number().int().describe("How many recent events were searched"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
});

export function registerSearchEventsTool(server: McpServer, deps: ToolDeps): void {
  registerCheckedTool(server, deps, name, config(deps), async (args, { serverId }) => {
    const page = await deps.events.query({
      serverId,
      types: args.types ?? [],
      players: args.players ?? [],
      text: args.text,
      limit: args.limit,
    });
    const text = `Searched ${page.scanned} event(s) for ${JSON.stringify(args.text)}. ${eventsText(page.events, page.nextCursor)}`;
    return okResult(text, { serverId, events: page.events, scanned: page.scanned });
  });
}

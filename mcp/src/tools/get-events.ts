import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { ToolDeps } from "../deps.js";
import {
  CursorSchema,
  coverageFields,
  EventListSchema,
  effectiveFilter,
  eventsText,
  LimitArg,
  PlayersArg,
  sourceCoverage,
  TimeArg,
  TypesArg,
  toMillis,
} from "./event-kit.js";
import { registerCheckedTool } from "./register.js";
import { okResult, serverArg } from "./tool-kit.js";

const name = "get_events";

const config = (deps: ToolDeps) => ({
  title: "Read game events",
  description:
    "Reads game events (joins, quits, chat, deaths, block breaks) from the server's event log. Without a " +
    "cursor: the most recent matching events. With `cursor` (the nextCursor of an earlier call): only events " +
    "after it, oldest first. Poll with the returned nextCursor to follow the game, or use wait_for_events.",
  inputSchema: z.object({
    server: serverArg(deps.servers),
    cursor: CursorSchema.optional(),
    types: TypesArg,
    players: PlayersArg,
    since: TimeArg.describe("Only events stored at or after this time (ms since epoch or ISO 8601)"),
    until: TimeArg.describe("Only events stored at or before this time (ms since epoch or ISO 8601)"),
    limit: LimitArg(200, 50),
  }),
  outputSchema: EventListSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
});

export function registerGetEventsTool(server: McpServer, deps: ToolDeps): void {
  registerCheckedTool(server, deps, name, config(deps), async (args, { serverId }) => {
    const filter = effectiveFilter(deps, args.types, args.players);
    const coverage = await sourceCoverage(deps, serverId, filter.types);
    const page = await deps.events.query({
      serverId,
      cursor: args.cursor,
      ...filter,
      since: toMillis(args.since, "since"),
      until: toMillis(args.until, "until"),
      limit: args.limit,
    });
    return okResult(eventsText(page.events, page.nextCursor) + coverage.note, {
      serverId,
      events: page.events,
      nextCursor: page.nextCursor,
      ...coverageFields(coverage),
    });
  });
}

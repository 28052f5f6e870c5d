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
  TypesArg,
} from "./event-kit.js";
import { registerCheckedTool } from "./register.js";
import { okResult, serverArg } from "./tool-kit.js";

const name = "wait_for_events";

const config = (deps: ToolDeps) => ({
  title: "Wait for the next game events",
  description:
    "Blocks until at least one matching event arrives after `cursor` (default: now), or until " +
    "`timeoutSeconds` pass, then returns the events and the nextCursor to wait from next time. Use it to " +
    "react to what players do without polling.",
  inputSchema: z.object({
    server: serverArg(deps.servers),
    cursor: CursorSchema.optional(),
    types: TypesArg,
    players: PlayersArg,
    timeoutSeconds: z.number().min(0).max(120).default(25).describe("How long to wait (0-120 s)"),
    limit: LimitArg(200, 50),
  }),
  outputSchema: EventListSchema.extend({
    timedOut: z.boolean().describe("True when no matching event arrived in time"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
});

export function registerWaitForEventsTool(server: McpServer, deps: ToolDeps): void {
  registerCheckedTool(server, deps, name, config(deps), async (args, { serverId, extra }) => {
    const cursor = args.cursor ?? (await deps.events.latestId(serverId));
    const filter = effectiveFilter(deps, args.types, args.players);
    const coverage = await sourceCoverage(deps, serverId, filter.types);
    if (coverage.nothingCanArrive) {
      // Waiting would only ever time out: say why at once.
      return okResult(`Not waiting: ${coverage.note.replace(/^\nNote: /, "")} nextCursor: ${cursor}`, {
        serverId,
        events: [],
        nextCursor: cursor,
        timedOut: false,
        ...coverageFields(coverage),
      });
    }
    const result = await deps.waiter.wait(
      { serverId, cursor, ...filter, limit: args.limit },
      args.timeoutSeconds * 1000,
      extra.signal,
    );
    const text = result.timedOut
      ? `No matching event within ${args.timeoutSeconds} s. nextCursor: ${result.nextCursor}`
      : eventsText(result.events, result.nextCursor);
    return okResult(text + coverage.note, {
      serverId,
      events: result.events,
      nextCursor: result.nextCursor,
      timedOut: result.timedOut,
      ...coverageFields(coverage),
    });
  });
}

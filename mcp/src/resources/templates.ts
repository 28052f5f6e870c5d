/**
 * Resource templates a client can browse: minecraft://players/{name} (that player's info on each
 * server, through the queue) and minecraft://events/{type} (the 50 most recent events of one type on
 * each server). Their variables complete: online player names, event types. The policy applies as
 * for the tools behind them (get_player_info, get_events).
 */
import { EVENT_TYPES, type EventType, PlayerNameSchema } from "@mcp-bridge/shared";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CompletionSources } from "../completions/sources.js";
import type { ToolDeps } from "../deps.js";
import { json, perServer, RESOURCE_WAIT_MS } from "./index.js";
import { INVALID_PARAMS, RpcError } from "./rpc-error.js";

export const TEMPLATE_URIS = {
  player: "minecraft://players/{name}",
  events: "minecraft://events/{type}",
} as const;

function invalid(message: string): RpcError {
  return new RpcError(INVALID_PARAMS, message);
}

export function registerResourceTemplates(
  server: McpServer,
  deps: ToolDeps,
  sources: CompletionSources,
): void {
  server.registerResource(
    "player",
    new ResourceTemplate(TEMPLATE_URIS.player, {
      list: undefined,
      complete: { name: (typed) => sources.onlinePlayers(typed, undefined) },
    }),
    {
      title: "A player",
      description: "Position, health, level and more of one player, per server",
      mimeType: "application/json",
    },
    async (uri, { name }) => {
      const player = PlayerNameSchema.safeParse(decodeURIComponent(String(name)));
      if (!player.success) throw invalid(`Not a player name: '${String(name)}' (1-16 letters, digits or _)`);
      return json(
        uri.href,
        await perServer(deps, async (serverId) => {
          const client = await deps.access.check(deps.session.clientId, "get_player_info", {
            player: player.data,
          });
          const wait = Math.min(RESOURCE_WAIT_MS, deps.jobs.timeoutMs);
          const outcome = await deps.jobs.run(
            serverId,
            "get_player_info",
            { player: player.data },
            client,
            wait,
          );
          return outcome.status === "pending" ? { pending: true, jobId: outcome.jobId } : outcome.data;
        }),
      );
    },
  );
  server.registerResource(
    "events-of-type",
    new ResourceTemplate(TEMPLATE_URIS.events, {
      list: undefined,
      complete: { type: (typed) => sources.eventTypes(typed) },
    }),
    {
      title: "Events of one type",
      description: "The 50 most recent events of one type per server",
      mimeType: "application/json",
    },
    async (uri, { type }) => {
      if (!(EVENT_TYPES as readonly string[]).includes(String(type))) {
        throw invalid(`Unknown event type '${String(type)}'; known: ${EVENT_TYPES.join(", ")}`);
      }
      return json(
        uri.href,
        await perServer(deps, async (serverId) => {
          await deps.access.check(deps.session.clientId, "get_events", {});
          return deps.events.query({ serverId, types: [type as EventType], players: [], limit: 50 });
        }),
      );
    },
  );
}

/**
 * Readable resources of a session: minecraft://events/recent (this session's subscription applied),
 * minecraft://players and minecraft://server (live answers through the queue). Clients may
 * resources/subscribe to them; push.ts sends notifications/resources/updated.
 */
import { BridgeError, EVENT_TYPES, type EventType } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  type ReadResourceResult,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { EVENT_READ_TOOLS } from "../auth/access.js";
import type { ToolDeps } from "../deps.js";
import { RESOURCE_NOT_FOUND, RpcError } from "./rpc-error.js";

export const RESOURCE_URIS = {
  recentEvents: "minecraft://events/recent",
  players: "minecraft://players",
  server: "minecraft://server",
} as const;

/** A resource read should not hang a client for the full job timeout. */
export const RESOURCE_WAIT_MS = 5000;
const KNOWN = new Set<string>(Object.values(RESOURCE_URIS));

export function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(value, null, 2) }] };
}

export async function perServer(deps: ToolDeps, read: (serverId: string) => Promise<unknown>) {
  const entries = await Promise.all(
    deps.servers.map(async (serverId) => {
      try {
        return [serverId, await read(serverId)] as const;
      } catch (error) {
        return [serverId, { error: BridgeError.from(error).toPayload() }] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

async function query(deps: ToolDeps, serverId: string, op: "get_online_players" | "get_server_info") {
  const client = await deps.access.check(deps.session.clientId, op, {});
  const outcome = await deps.jobs.run(
    serverId,
    op,
    {},
    client,
    Math.min(RESOURCE_WAIT_MS, deps.jobs.timeoutMs),
  );
  if (outcome.status === "pending") return { pending: true, jobId: outcome.jobId };
  return outcome.data;
}

/**
 * The event types this session may read here: what the pull event tools would show its role (chat
 * only with get_chat_history alone), within its subscription (empty = all types). Counts against the
 * rate limit. An empty answer means nothing is readable.
 */
async function readableTypes(deps: ToolDeps, types: EventType[]): Promise<EventType[]> {
  const { scope, tool } = deps.access.eventAccess(deps.session.clientId);
  if (scope === "none" || !tool) {
    throw new BridgeError(
      "PERMISSION_DENIED",
      `This client's role may not read game events: it needs one of ${EVENT_READ_TOOLS.map((t) => t.tool).join(", ")}`,
    );
  }
  await deps.access.check(deps.session.clientId, tool, {});
  if (scope === "all") return types.length > 0 ? types : [...EVENT_TYPES];
  return types.length === 0 || types.includes("player_chat") ? ["player_chat"] : [];
}

export function registerResources(server: McpServer, deps: ToolDeps, subscribed: Set<string>): void {
  server.registerResource(
    "recent-events",
    RESOURCE_URIS.recentEvents,
    {
      title: "Recent game events",
      description: "The 50 most recent events per server matching this session's subscription",
      mimeType: "application/json",
    },
    async (uri) =>
      json(
        uri.href,
        await perServer(deps, async (serverId) => {
          const { types, players } = deps.session.subscription.get();
          const readable = await readableTypes(deps, types);
          if (readable.length === 0) return { events: [] }; // subscribed only to types the role may not read
          return deps.events.query({ serverId, types: readable, players, limit: 50 });
        }),
      ),
  );
  server.registerResource(
    "players",
    RESOURCE_URIS.players,
    { title: "Online players", description: "Players online on each server", mimeType: "application/json" },
    async (uri) => json(uri.href, await perServer(deps, (s) => query(deps, s, "get_online_players"))),
  );
  server.registerResource(
    "server",
    RESOURCE_URIS.server,
    {
      title: "Server status",
      description: "Version, players, time, weather, TPS",
      mimeType: "application/json",
    },
    async (uri) => json(uri.href, await perServer(deps, (s) => query(deps, s, "get_server_info"))),
  );

  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    if (!KNOWN.has(request.params.uri)) {
      throw new RpcError(
        RESOURCE_NOT_FOUND,
        `Resource not found: ${request.params.uri}; subscribable: ${[...KNOWN].join(", ")}`,
        { uri: request.params.uri },
      );
    }
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
}

/**
 * What completions offer for arguments that name things. In: the typed prefix (and, for players, the
 * server chosen in another argument). Out: every matching name (the SDK sends the first 100 with
 * total and hasMore). Sources: configured server ids; online players through the queue (cached a
 * few seconds, since a client asks on every keystroke), else the players seen in recent events; item
 * ids from shared; event types; NPC ids from the NPC service's registry in Redis. The policy applies
 * without using up the rate limit: a role that may not list players or read events gets no names
 * from them (NPC ids: only roles that may read chat, as NPC conversations are chat).
 */
import { BridgeError, EVENT_TYPES } from "@mcp-bridge/shared";
import { ITEM_IDS } from "@mcp-bridge/shared/game";
import type { ToolDeps } from "../deps.js";

const PLAYERS_TTL_MS = 5000;
const PLAYERS_WAIT_MS = 1500;

function matching(values: readonly string[], typed: string | undefined): string[] {
  const prefix = (typed ?? "").toLowerCase();
  return values.filter((v) => v.toLowerCase().startsWith(prefix));
}

export class CompletionSources {
  private readonly players = new Map<string, { at: number; names: Promise<string[]> }>();

  constructor(private readonly deps: ToolDeps) {}

  servers(typed: string | undefined): string[] {
    return matching(this.deps.servers, typed);
  }

  eventTypes(typed: string | undefined): string[] {
    return matching(EVENT_TYPES, typed);
  }

  /** Item ids as `minecraft:<id>`; the typed text may leave out the namespace. */
  items(typed: string | undefined): string[] {
    const bare = (typed ?? "").replace(/^minecraft:/, "");
    return matching(ITEM_IDS, bare).map((id) => `minecraft:${id}`);
  }

  /** Ids of the NPCs the NPC service runs (its registry in Redis). */
  async npcs(typed: string | undefined): Promise<string[]> {
    if (this.deps.access.eventAccess(this.deps.session.clientId).scope === "none") return [];
    try {
      return matching(
        (await this.deps.npcs.list()).map((n) => n.id),
        typed,
      );
    } catch (error) {
      this.deps.logger.debug({ err: BridgeError.from(error) }, "completion: NPC registry unreadable");
      return [];
    }
  }

  async onlinePlayers(typed: string | undefined, server: string | undefined): Promise<string[]> {
    const serverId = server && this.deps.servers.includes(server) ? server : this.deps.servers[0]!;
    let cached = this.players.get(serverId);
    if (!cached || Date.now() - cached.at > PLAYERS_TTL_MS) {
      cached = { at: Date.now(), names: this.lookUpPlayers(serverId) };
      this.players.set(serverId, cached);
    }
    return matching(await cached.names, typed);
  }

  private async lookUpPlayers(serverId: string): Promise<string[]> {
    const clientId = this.deps.session.clientId;
    const lister = this.deps.access.permits(clientId, "get_online_players");
    if (lister) {
      try {
        const outcome = await this.deps.jobs.run(serverId, "get_online_players", {}, lister, PLAYERS_WAIT_MS);
        const players =
          outcome.status === "completed" ? (outcome.data as { players?: unknown }).players : undefined;
        if (Array.isArray(players)) return players.filter((p): p is string => typeof p === "string");
      } catch (error) {
        this.deps.logger.debug(
          { err: BridgeError.from(error), serverId },
          "completion: players via the queue failed",
        );
      }
    }
    if (!this.deps.access.permits(clientId, "get_events")) return [];
    const page = await this.deps.events.query({ serverId, types: [], players: [], limit: 200 });
    return [...new Set(page.events.map((e) => e.player).filter((p) => p !== ""))].reverse();
  }
}

/**
 * Proximity messages of the NPCs this process owns: on each refresh of a server's player positions
 * (the tracker, through the bridge), a player who came within an owned NPC's radius since the last
 * refresh gets that NPC a proximity message. The first refresh after an NPC is taken over only
 * records who is near.
 */
import type { ClientIdentity } from "@mcp-bridge/shared";
import type { NpcResponder } from "../conversation/responder.js";
import type { Router } from "../conversation/router.js";
import { distanceFromNpc, type PlayerTracker } from "./player-tracker.js";

export interface ProximityDeps {
  tracker: PlayerTracker;
  router: Router;
  /** The responders of the NPCs this process owns. */
  owned(): Iterable<NpcResponder>;
  clientFor(serverId: string): ClientIdentity | undefined;
}

export class Proximity {
  /** NPC id -> the players within its radius at the last refresh. */
  private readonly near = new Map<string, Set<string>>();

  constructor(private readonly deps: ProximityDeps) {}

  forget(npcId: string): void {
    this.near.delete(npcId);
  }

  async refresh(serverId: string): Promise<void> {
    const client = this.deps.clientFor(serverId);
    if (!client) return;
    await this.deps.tracker.refresh(serverId, client);
    const players = this.deps.tracker.players(serverId);
    for (const responder of this.deps.owned()) {
      const npc = responder.npc;
      if (npc.location.serverId !== serverId) continue;
      const before = this.near.get(npc.id);
      const inside = new Set<string>();
      for (const [player, pos] of players) {
        const d = distanceFromNpc(pos, npc.location);
        if (d > npc.perception.radius) continue;
        inside.add(player);
        if (before && !before.has(player))
          responder.enqueue(this.deps.router.proximity(npc, player, d, Date.now()));
      }
      this.near.set(npc.id, inside);
    }
  }
}

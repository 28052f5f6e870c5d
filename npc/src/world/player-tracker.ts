/**
 * Where the players are, per server, from the bridge (get_online_players, then get_player_info for
 * each; with or without the mod). Refreshed on a timer and when a join or quit event arrives.
 * Tells the service when a player comes within an NPC's radius (a proximity message).
 */
import type { ClientIdentity } from "@mcp-bridge/shared";
import type { Logger } from "pino";
import type { JobRunner } from "../actions/executor.js";

export interface Position {
  x: number;
  y: number;
  z: number;
  world: string;
  at: number;
}

export function distance(
  a: { x: number; y: number; z: number },
  b: { x: number; y: number; z: number },
): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  return Math.sqrt(dx * dx + dy * dy + dz * dz); // Math.hypot is several times slower in V8
}

/** How far a position is from the NPC: infinitely far in another dimension. */
export function distanceFromNpc(
  pos: { x: number; y: number; z: number; world: string },
  location: { x: number; y: number; z: number; dimension: string },
): number {
  return pos.world === location.dimension ? distance(pos, location) : Number.POSITIVE_INFINITY;
}

/** Vanilla world names ("world", "world_nether") or dimension ids, as one dimension id. */
export function dimensionOf(world: string): string {
  if (world.includes(":")) return world;
  if (world.endsWith("_nether")) return "minecraft:the_nether";
  if (world.endsWith("_the_end")) return "minecraft:the_end";
  return "minecraft:overworld";
}

export class PlayerTracker {
  private readonly positions = new Map<string, Map<string, Position>>();
  private readonly refreshing = new Map<string, Promise<void>>();

  constructor(
    private readonly jobs: JobRunner,
    private readonly logger: Logger,
    private readonly timeoutMs = 5000,
  ) {}

  position(serverId: string, player: string): Position | undefined {
    return this.positions.get(serverId)?.get(player);
  }

  players(serverId: string): Map<string, Position> {
    return this.positions.get(serverId) ?? new Map();
  }

  forget(serverId: string, player: string): void {
    this.positions.get(serverId)?.delete(player);
  }

  /** One refresh per server at a time; concurrent callers share it. */
  refresh(serverId: string, client: ClientIdentity): Promise<void> {
    const running = this.refreshing.get(serverId);
    if (running) return running;
    const task = this.load(serverId, client).finally(() => this.refreshing.delete(serverId));
    this.refreshing.set(serverId, task);
    return task;
  }

  private async load(serverId: string, client: ClientIdentity): Promise<void> {
    try {
      const online = await this.jobs.run(serverId, "get_online_players", {}, client, this.timeoutMs);
      if (online.status !== "completed") return;
      const names = (online.data as { players?: string[] }).players ?? [];
      const next = new Map<string, Position>();
      await Promise.all(
        names.map(async (player) => {
          try {
            const info = await this.jobs.run(serverId, "get_player_info", { player }, client, this.timeoutMs);
            const loc =
              info.status === "completed" ? (info.data as { location?: Position }).location : undefined;
            if (loc)
              next.set(player, {
                x: loc.x,
                y: loc.y,
                z: loc.z,
                world: dimensionOf(loc.world),
                at: Date.now(),
              });
          } catch (error) {
            this.logger.debug({ serverId, player, err: (error as Error).message }, "player position unknown");
          }
        }),
      );
      this.positions.set(serverId, next);
    } catch (error) {
      this.logger.warn({ serverId, err: (error as Error).message }, "could not refresh player positions");
    }
  }
}

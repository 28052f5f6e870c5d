/**
 * Where the players are, per server, from the bridge (get_online_players, then get_player_info for
 * each; with or without the mod). Refreshed on a timer, the players' lookups spread over `spreadMs`
 * so that a refresh of N players is not N jobs at once in front of the NPCs' own; a player who joins,
 * or chats before a refresh found them, is looked up alone.
 */
import { type ClientIdentity, canonicalWorld } from "@mcp-bridge/shared";
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

/** The task running under `key`, or a new one from `start`, listed in `running` until it settles. */
function shared<T>(running: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  const current = running.get(key);
  if (current) return current;
  const task = start().finally(() => running.delete(key));
  running.set(key, task);
  return task;
}

export class PlayerTracker {
  private readonly positions = new Map<string, Map<string, Position>>();
  private readonly refreshing = new Map<string, Promise<void>>();
  /** Lookups in flight, by server and player. */
  private readonly locating = new Map<string, Promise<Position | undefined>>();
  private closed = false;

  constructor(
    private readonly jobs: JobRunner,
    private readonly logger: Logger,
    private readonly timeoutMs = 5000,
    /** A refresh starts its players' lookups this far apart in all (0: at once). */
    private readonly spreadMs = 0,
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

  /** Stops starting lookups (a refresh under way ends with the ones already started). */
  close(): void {
    this.closed = true;
  }

  /** One refresh per server at a time; concurrent callers share it. */
  refresh(serverId: string, client: ClientIdentity): Promise<void> {
    return shared(this.refreshing, serverId, () => this.load(serverId, client));
  }

  /** The player's position from the bridge now (one lookup per player at a time); unknown: removed. */
  locate(serverId: string, player: string, client: ClientIdentity): Promise<Position | undefined> {
    return shared(this.locating, `${serverId}\n${player}`, () => this.lookUp(serverId, player, client));
  }

  private async load(serverId: string, client: ClientIdentity): Promise<void> {
    try {
      const online = await this.jobs.run(serverId, "get_online_players", {}, client, this.timeoutMs);
      if (online.status !== "completed") return;
      const names = (online.data as { players?: string[] }).players ?? [];
      const known = this.serverPositions(serverId);
      const present = new Set(names);
      for (const player of known.keys()) if (!present.has(player)) known.delete(player);
      const gap = names.length > 1 ? this.spreadMs / names.length : 0;
      const lookups: Promise<unknown>[] = [];
      for (const player of names) {
        if (this.closed) break;
        if (lookups.length > 0 && gap > 0) await new Promise((r) => setTimeout(r, gap));
        lookups.push(this.locate(serverId, player, client));
      }
      await Promise.all(lookups);
    } catch (error) {
      this.logger.warn({ serverId, err: (error as Error).message }, "could not refresh player positions");
    }
  }

  private async lookUp(
    serverId: string,
    player: string,
    client: ClientIdentity,
  ): Promise<Position | undefined> {
    let position: Position | undefined;
    try {
      const info = await this.jobs.run(serverId, "get_player_info", { player }, client, this.timeoutMs);
      const loc = info.status === "completed" ? (info.data as { location?: Position }).location : undefined;
      if (loc) position = { x: loc.x, y: loc.y, z: loc.z, world: canonicalWorld(loc.world), at: Date.now() };
    } catch (error) {
      this.logger.debug({ serverId, player, err: (error as Error).message }, "player position unknown");
    }
    const known = this.serverPositions(serverId);
    if (position) known.set(player, position);
    else known.delete(player);
    return position;
  }

  private serverPositions(serverId: string): Map<string, Position> {
    let known = this.positions.get(serverId);
    if (!known) {
      known = new Map();
      this.positions.set(serverId, known);
    }
    return known;
  }
}

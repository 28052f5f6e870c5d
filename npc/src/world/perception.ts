/**
 * What an NPC perceives, for its prompt (seed 004 `worldState`): the time of day and the weather
 * (get_server_info, one read per server per `ttlMs`, shared by all its NPCs), its own position
 * (its definition: NPCs are summoned NoAI and do not move), the players within its radius with
 * their distance (the player tracker, no job) and the mobs within it (get_nearby_mobs, one read per
 * NPC per `ttlMs`; world/nearby-mobs.ts). Stale readings are used at once while new ones are fetched
 * in the background, so only an NPC's first answer waits for its reads (both at once, at most
 * `firstWaitMs`).
 */
import type { ClientIdentity } from "@mcp-bridge/shared";
import type { Logger } from "pino";
import type { JobRunner } from "../actions/executor.js";
import type { NpcDefinition } from "../definitions/schema.js";
import { describeMobs, type MobReading, readNearbyMobs } from "./nearby-mobs.js";
import { distanceFromNpc, type PlayerTracker } from "./player-tracker.js";
import { RefreshedReads } from "./refreshed-reads.js";

interface ServerReading {
  timeOfDay: number;
  weather: string;
}

/** How many players the prompt lists at most (nearest first). */
const MAX_PLAYERS = 10;
/** A server without the mod answers get_nearby_mobs UNSUPPORTED: asked again only after this long. */
const UNSUPPORTED_RETRY_MS = 5 * 60_000;

/** Minecraft time: tick 0 is 06:00, 1000 ticks an hour. */
export function clockOf(ticks: number): string {
  const t = ((ticks % 24_000) + 24_000) % 24_000;
  const hour = (Math.floor(t / 1000) + 6) % 24;
  const part = t < 12_000 ? "day" : t < 13_000 ? "evening" : t < 23_000 ? "night" : "dawn";
  return `${part}, about ${String(hour).padStart(2, "0")}:00`;
}

/** One mob reading per NPC where it stands now: a moved or re-sized NPC is read afresh. */
const mobKey = (npc: NpcDefinition) => {
  const { serverId, dimension, x, y, z } = npc.location;
  return `${npc.id} ${serverId} ${dimension} ${x} ${y} ${z} ${npc.perception.radius} ${npc.name} ${npc.entityType}`;
};

export class Perception {
  private readonly servers: RefreshedReads<ServerReading>;
  private readonly mobs: RefreshedReads<MobReading>;
  /** Each NPC's current mob key, so that the reading of a place it left is dropped. */
  private readonly mobKeys = new Map<string, string>();
  /** Servers that answered get_nearby_mobs UNSUPPORTED (no mod), until when they are not asked. */
  private readonly noMobReads = new Map<string, number>();

  constructor(
    private readonly jobs: JobRunner,
    private readonly tracker: Pick<PlayerTracker, "players">,
    private readonly logger: Logger,
    ttlMs = 5000,
    private readonly timeoutMs = 5000,
    firstWaitMs = 1000,
  ) {
    this.servers = new RefreshedReads(ttlMs, firstWaitMs);
    this.mobs = new RefreshedReads(ttlMs, firstWaitMs);
  }

  /** Lines for the NPC's prompt (game data: player and mob names are quoted). */
  async describe(npc: NpcDefinition, client: ClientIdentity, now = Date.now()): Promise<string[]> {
    const { serverId, dimension, x, y, z } = npc.location;
    const [server, mobs] = await Promise.all([
      this.servers.get(serverId, now, () => this.readServer(serverId, client)),
      this.readMobs(npc, client, now),
    ]);
    const lines = [`you stand at x=${x} y=${y} z=${z} in ${dimension}`];
    if (server) lines.push(`time: ${clockOf(server.timeOfDay)}; weather: ${server.weather.toLowerCase()}`);
    const near: { name: string; d: number }[] = [];
    for (const [name, pos] of this.tracker.players(serverId)) {
      const d = distanceFromNpc(pos, npc.location);
      if (d <= npc.perception.radius) near.push({ name, d });
    }
    near.sort((a, b) => a.d - b.d || (a.name < b.name ? -1 : 1));
    lines.push(
      near.length === 0
        ? "no players near you"
        : `players near you: ${near
            .slice(0, MAX_PLAYERS)
            .map((p) => `${JSON.stringify(p.name)} (${Math.round(p.d)} blocks)`)
            .join(", ")}${near.length > MAX_PLAYERS ? `, and ${near.length - MAX_PLAYERS} more` : ""}`,
    );
    if (mobs) lines.push(describeMobs(mobs));
    return lines;
  }

  private readMobs(npc: NpcDefinition, client: ClientIdentity, now: number): Promise<MobReading | undefined> {
    const { serverId } = npc.location;
    if (now < (this.noMobReads.get(serverId) ?? 0)) return Promise.resolve(undefined);
    const key = mobKey(npc);
    const previous = this.mobKeys.get(npc.id);
    if (previous !== key) {
      if (previous !== undefined) this.mobs.forget(previous);
      this.mobKeys.set(npc.id, key);
    }
    return this.mobs.get(key, now, async () => {
      const reading = await readNearbyMobs(this.jobs, npc, client, this.timeoutMs, this.logger);
      if (reading !== "unsupported") return reading;
      this.logger.info(
        { serverId },
        "the server has no mob read (no mod): NPCs perceive no mobs there for now",
      );
      this.noMobReads.set(serverId, now + UNSUPPORTED_RETRY_MS);
      return undefined;
    });
  }

  private async readServer(serverId: string, client: ClientIdentity): Promise<ServerReading | undefined> {
    try {
      const outcome = await this.jobs.run(serverId, "get_server_info", {}, client, this.timeoutMs);
      if (outcome.status !== "completed") return undefined;
      const d = outcome.data as { timeOfDay?: unknown; weather?: unknown };
      if (typeof d.timeOfDay !== "number" || typeof d.weather !== "string") return undefined;
      return { timeOfDay: d.timeOfDay, weather: d.weather };
    } catch (error) {
      this.logger.debug({ serverId, err: (error as Error).message }, "time and weather unknown");
      return undefined;
    }
  }
}

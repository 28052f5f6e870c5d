/**
 * What an NPC perceives, for its prompt (seed 004 `worldState`): the time of day and the weather
 * (get_server_info, one read per server per `ttlMs`, shared by all its NPCs), its own position
 * (its definition: NPCs are summoned NoAI and do not move) and the players within its radius with
 * their distance (the player tracker, no job). A stale server reading is used at once while a new
 * one is fetched in the background, so only an NPC's first answer on a server waits for the read
 * (at most `firstWaitMs`). Mobs are not perceived: the only source is get_world_info, which scans
 * every block of its cube in the game thread (65^3 blocks at radius 32), too heavy to run for every
 * NPC every few seconds.
 */
import type { ClientIdentity } from "@mcp-bridge/shared";
import type { Logger } from "pino";
import type { JobRunner } from "../actions/executor.js";
import type { NpcDefinition } from "../definitions/schema.js";
import { distanceFromNpc, type PlayerTracker } from "./player-tracker.js";

interface ServerReading {
  timeOfDay: number;
  weather: string;
  at: number;
}

/** How many players the prompt lists at most (nearest first). */
const MAX_PLAYERS = 10;

/** Minecraft time: tick 0 is 06:00, 1000 ticks an hour. */
export function clockOf(ticks: number): string {
  const t = ((ticks % 24_000) + 24_000) % 24_000;
  const hour = (Math.floor(t / 1000) + 6) % 24;
  const part = t < 12_000 ? "day" : t < 13_000 ? "evening" : t < 23_000 ? "night" : "dawn";
  return `${part}, about ${String(hour).padStart(2, "0")}:00`;
}

export class Perception {
  private readonly readings = new Map<string, ServerReading>();
  private readonly reading = new Map<string, Promise<void>>();
  /** When each server was last read (or tried): at most one read per server per TTL, failed ones too. */
  private readonly tried = new Map<string, number>();

  constructor(
    private readonly jobs: JobRunner,
    private readonly tracker: Pick<PlayerTracker, "players">,
    private readonly logger: Logger,
    private readonly ttlMs = 5000,
    private readonly timeoutMs = 5000,
    private readonly firstWaitMs = 1000,
  ) {}

  /** Lines for the NPC's prompt (game data: player names are quoted). */
  async describe(npc: NpcDefinition, client: ClientIdentity, now = Date.now()): Promise<string[]> {
    const { serverId, dimension, x, y, z } = npc.location;
    const server = await this.server(serverId, client, now);
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
    return lines;
  }

  /** The server's last reading; refreshed in the background when older than the TTL. */
  private async server(
    serverId: string,
    client: ClientIdentity,
    now: number,
  ): Promise<ServerReading | undefined> {
    let task = this.reading.get(serverId);
    if (!task && now - (this.tried.get(serverId) ?? Number.NEGATIVE_INFINITY) >= this.ttlMs) {
      this.tried.set(serverId, now);
      task = this.read(serverId, client).finally(() => this.reading.delete(serverId));
      this.reading.set(serverId, task);
    }
    const last = this.readings.get(serverId);
    if (last || !task) return last;
    await Promise.race([task, new Promise((r) => setTimeout(r, this.firstWaitMs).unref())]);
    return this.readings.get(serverId);
  }

  private async read(serverId: string, client: ClientIdentity): Promise<void> {
    try {
      const outcome = await this.jobs.run(serverId, "get_server_info", {}, client, this.timeoutMs);
      if (outcome.status !== "completed") return;
      const d = outcome.data as { timeOfDay?: unknown; weather?: unknown };
      if (typeof d.timeOfDay !== "number" || typeof d.weather !== "string") return;
      this.readings.set(serverId, { timeOfDay: d.timeOfDay, weather: d.weather, at: Date.now() });
    } catch (error) {
      this.logger.debug({ serverId, err: (error as Error).message }, "time and weather unknown");
    }
  }
}

/**
 * Ingestion: which NPCs a game event or an NPC's line reaches, as what message. Player chat
 * reaches an NPC when the player is within its radius AND names it (name or alias as a whole word)
 * or already talks with it (a conversation open for `conversationWindowMs`). Guard rails: no
 * message without a known player position; an NPC never hears its own lines; NPC-to-NPC
 * exchanges stop at `maxNpcTurns` and then rest for `npcCooldownMs`; per-player token buckets.
 */
import type { EventRecord } from "@mcp-bridge/shared/events";
import type { NpcDefinition } from "../definitions/schema.js";
import { distance, type Position } from "../world/player-tracker.js";
import type { IncomingMessage } from "./message.js";
import { TokenBuckets } from "./token-bucket.js";

export interface NpcLine {
  id: string;
  serverId: string;
  npcId: string;
  name: string;
  text: string;
  turn: number;
  timestamp: number;
}

export interface RouterSettings {
  conversationWindowMs: number;
  maxNpcTurns: number;
  npcCooldownMs: number;
  playerBurst: number;
  playerPerMinute: number;
}

export type Delivery = { npc: NpcDefinition; message: IncomingMessage };
export type Skip =
  | "not_addressed"
  | "unknown_position"
  | "out_of_range"
  | "player_rate_limited"
  | "own_line"
  | "turn_cap"
  | "cooldown";

function wordPattern(words: string[]): RegExp {
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${escaped.join("|")})(?![\\p{L}\\p{N}_])`, "iu");
}

export class Router {
  private readonly names = new WeakMap<NpcDefinition, RegExp>();
  /** `${npcId} ${player}` -> when the conversation was last active. */
  private readonly open = new Map<string, number>();
  private readonly cooldowns = new Map<string, number>();
  private readonly players: TokenBuckets;

  constructor(private readonly settings: RouterSettings) {
    this.players = new TokenBuckets(settings.playerBurst, settings.playerPerMinute);
  }

  /** Player chat: deliveries, plus why each NPC in range was skipped (for metrics). */
  chat(event: EventRecord, npcs: NpcDefinition[], where: Position | undefined, now: number) {
    const deliveries: Delivery[] = [];
    const skipped: Skip[] = [];
    const text = event.untrustedPlayerText ?? "";
    const here = npcs.filter((n) => n.location.serverId === event.serverId);
    if (!where) return { deliveries, skipped: here.length > 0 ? (["unknown_position"] as Skip[]) : skipped };
    for (const npc of here) {
      const d =
        where.world === npc.location.dimension ? distance(where, npc.location) : Number.POSITIVE_INFINITY;
      if (d > npc.perception.radius) continue;
      const key = `${npc.id} ${event.player}`;
      const named = this.namePattern(npc).test(text);
      const talking =
        now - (this.open.get(key) ?? Number.NEGATIVE_INFINITY) <= this.settings.conversationWindowMs;
      if (!named && !talking) {
        skipped.push("not_addressed");
        continue;
      }
      if (!this.players.take(event.player, now)) {
        skipped.push("player_rate_limited");
        continue;
      }
      this.open.set(key, now);
      deliveries.push({
        npc,
        message: {
          id: event.cursor,
          kind: "chat",
          sender: event.player,
          content: text,
          distance: d,
          timestamp: event.timestamp,
        },
      });
    }
    return { deliveries, skipped };
  }

  /** A player came within an NPC's radius. */
  proximity(npc: NpcDefinition, player: string, d: number, now: number): IncomingMessage {
    this.open.set(`${npc.id} ${player}`, now);
    return {
      id: `proximity:${npc.id}:${player}:${now}`,
      kind: "proximity",
      sender: player,
      content: "",
      distance: d,
      timestamp: now,
    };
  }

  /** Another NPC's line: heard by the NPCs within their radius of the speaker. */
  npcLine(line: NpcLine, npcs: NpcDefinition[], now: number) {
    const deliveries: Delivery[] = [];
    const skipped: Skip[] = [];
    const speaker = npcs.find((n) => n.id === line.npcId);
    for (const npc of npcs) {
      if (npc.location.serverId !== line.serverId) continue;
      if (npc.id === line.npcId) {
        skipped.push("own_line");
        continue;
      }
      if (!speaker || speaker.location.dimension !== npc.location.dimension) continue;
      const d = distance(speaker.location, npc.location);
      if (d > npc.perception.radius) continue;
      const pair = [npc.id, line.npcId].sort().join(" ");
      if (line.turn >= this.settings.maxNpcTurns) {
        this.cooldowns.set(pair, now + this.settings.npcCooldownMs);
        skipped.push("turn_cap");
        continue;
      }
      if (line.turn === 0 && (this.cooldowns.get(pair) ?? 0) > now) {
        skipped.push("cooldown");
        continue;
      }
      deliveries.push({
        npc,
        message: {
          id: line.id,
          kind: "npc",
          sender: line.name,
          content: line.text,
          distance: d,
          timestamp: line.timestamp,
          turn: line.turn,
        },
      });
    }
    return { deliveries, skipped };
  }

  private namePattern(npc: NpcDefinition): RegExp {
    let re = this.names.get(npc);
    if (!re) {
      re = wordPattern([npc.name, ...npc.aliases]);
      this.names.set(npc, re);
    }
    return re;
  }
}

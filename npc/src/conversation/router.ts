/**
 * Ingestion: which NPCs a game event or an NPC's line reaches, as what message. Player chat
 * reaches an NPC when the player is within its radius AND names it (name or alias as a whole word)
 * or already talks with it (a conversation open for `conversationWindowMs`). Guard rails: no
 * message without a known player position; an NPC never hears its own lines; NPC-to-NPC
 * exchanges stop at `maxNpcTurns` and then rest for `npcCooldownMs`; per-player token buckets.
 * Two halves, because several processes share the work (docs/architecture.md, "NPC ownership"):
 * geometry (`chatCandidates`, `lineCandidates`: who is in range; any process) and the stateful
 * rest (`Router.acceptChat`, `acceptLine`: conversations, turns, buckets; the NPC's owner).
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

/** An NPC within range of a message's source, and how far. */
export type Candidate = { npc: NpcDefinition; distance: number };

/** The NPCs within whose radius a chatting player stands (none when the position is unknown). */
export function chatCandidates(
  serverId: string,
  npcs: readonly NpcDefinition[],
  where: Position | undefined,
): Candidate[] | "unknown_position" {
  const candidates: Candidate[] = [];
  let here = false;
  for (const npc of npcs) {
    if (npc.location.serverId !== serverId) continue;
    here = true;
    if (!where || where.world !== npc.location.dimension) continue;
    const d = distance(where, npc.location);
    if (d <= npc.perception.radius) candidates.push({ npc, distance: d });
  }
  return !where && here ? "unknown_position" : candidates;
}

/** The NPCs that hear another NPC's line: same server and dimension, within their radius of it. */
export function lineCandidates(line: Pick<NpcLine, "serverId" | "npcId">, npcs: readonly NpcDefinition[]) {
  const candidates: Candidate[] = [];
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
    if (d <= npc.perception.radius) candidates.push({ npc, distance: d });
  }
  return { candidates, skipped };
}

/** A chat line as the NPC's owner sees it. */
export interface ChatLine {
  id: string;
  player: string;
  text: string;
  timestamp: number;
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
    const candidates = chatCandidates(event.serverId, npcs, where);
    if (candidates === "unknown_position") return { deliveries, skipped: ["unknown_position"] as Skip[] };
    const line = {
      id: event.cursor,
      player: event.player,
      text: event.untrustedPlayerText ?? "",
      timestamp: event.timestamp,
    };
    for (const { npc, distance: d } of candidates) {
      const result = this.acceptChat(npc, line, d, now);
      if (typeof result === "string") skipped.push(result);
      else deliveries.push(result);
    }
    return { deliveries, skipped };
  }

  /** Chat from a player within the NPC's radius: delivered when it names the NPC or continues a conversation. */
  acceptChat(npc: NpcDefinition, line: ChatLine, d: number, now: number): Delivery | Skip {
    const key = `${npc.id} ${line.player}`;
    const talking =
      now - (this.open.get(key) ?? Number.NEGATIVE_INFINITY) <= this.settings.conversationWindowMs;
    // The name pattern (a Unicode, case-insensitive regex) only when no conversation is open.
    if (!talking && !this.namePattern(npc).test(line.text)) return "not_addressed";
    if (!this.players.take(line.player, now)) return "player_rate_limited";
    this.open.set(key, now);
    return {
      npc,
      message: {
        id: line.id,
        kind: "chat",
        sender: line.player,
        content: line.text,
        distance: d,
        timestamp: line.timestamp,
      },
    };
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
    const { candidates, skipped } = lineCandidates(line, npcs);
    for (const { npc, distance: d } of candidates) {
      const result = this.acceptLine(npc, line, d, now);
      if (typeof result === "string") skipped.push(result);
      else deliveries.push(result);
    }
    return { deliveries, skipped };
  }

  /** Another NPC's line within this NPC's radius: delivered unless the exchange hit its turn cap or rests. */
  acceptLine(npc: NpcDefinition, line: NpcLine, d: number, now: number): Delivery | Skip {
    const pair = [npc.id, line.npcId].sort().join(" ");
    if (line.turn >= this.settings.maxNpcTurns) {
      this.cooldowns.set(pair, now + this.settings.npcCooldownMs);
      return "turn_cap";
    }
    if (line.turn === 0 && (this.cooldowns.get(pair) ?? 0) > now) return "cooldown";
    return {
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
    };
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

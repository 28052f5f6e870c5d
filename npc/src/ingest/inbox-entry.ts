/**
 * An entry of an NPC's inbox stream (redisKeys.npcInbox): one chat line or NPC line routed to that
 * NPC by any process (fan-out.ts), read only by the NPC's owner (inbox.ts). In: the message and
 * where it was said. Out: flat stream fields, and back. `id` is the source entry's message id
 * (`<stream>/<entry id>`), the unit answered exactly once: done markers and job ids derive from it.
 */
import type { Position } from "../world/player-tracker.js";

interface Common {
  /** `<source stream>/<source entry id>`. */
  id: string;
  serverId: string;
  text: string;
  timestamp: number;
  /** Where it was said: the chatting player's position, or the speaking NPC's. */
  at: Omit<Position, "at">;
}

export type InboxMessage =
  | (Common & { kind: "chat"; player: string })
  | (Common & { kind: "npc"; npcId: string; name: string; turn: number });

/** How many entries an inbox keeps (approximately): acknowledged ones are only history. */
export const INBOX_MAXLEN = 256;

export function inboxFields(m: InboxMessage): string[] {
  const common = [
    ...["kind", m.kind, "id", m.id, "serverId", m.serverId, "text", m.text],
    ...["timestamp", String(m.timestamp), "x", String(m.at.x), "y", String(m.at.y), "z", String(m.at.z)],
    ...["world", m.at.world],
  ];
  return m.kind === "chat"
    ? [...common, "player", m.player]
    : [...common, "npcId", m.npcId, "name", m.name, "turn", String(m.turn)];
}

export function parseInbox(fields: string[]): InboxMessage | undefined {
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
  const at = { x: Number(f.x), y: Number(f.y), z: Number(f.z), world: f.world ?? "" };
  const timestamp = Number(f.timestamp);
  if (!f.id || !f.serverId || typeof f.text !== "string" || !Number.isFinite(timestamp)) return undefined;
  if (![at.x, at.y, at.z].every(Number.isFinite)) return undefined;
  const common = { id: f.id, serverId: f.serverId, text: f.text, timestamp, at };
  if (f.kind === "chat" && f.player) return { ...common, kind: "chat", player: f.player };
  const turn = Number(f.turn);
  if (f.kind === "npc" && f.npcId && f.name && Number.isInteger(turn))
    return { ...common, kind: "npc", npcId: f.npcId, name: f.name, turn };
  return undefined;
}

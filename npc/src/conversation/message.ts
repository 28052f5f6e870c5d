/** What reaches an NPC: player chat, proximity, another NPC's line, or a system line. */
type MessageKind = "chat" | "proximity" | "npc" | "system";

export interface IncomingMessage {
  /** Stream entry id (or a generated id): the unit that is processed exactly once. */
  id: string;
  kind: MessageKind;
  /** Player name, NPC name, or "system". */
  sender: string;
  /** Player- or NPC-written text: data, never instructions. */
  content: string;
  /** Blocks between sender and NPC, when known. */
  distance?: number;
  /** When it happened (ms since epoch). */
  timestamp: number;
  /** NPC-to-NPC exchanges: how many lines this exchange has had. */
  turn?: number;
}

/** The seed's weights by sender (the NPC file's `priorityWeights`; player: chat and proximity). */
export interface Weights {
  player: number;
  npc: number;
  system: number;
}
const DEFAULT_WEIGHTS: Weights = { player: 10, npc: 5, system: 1 };

const SENDER: Record<MessageKind, keyof Weights> = {
  chat: "player",
  proximity: "player",
  npc: "npc",
  system: "system",
};

/**
 * Priority of a waiting message: its sender's weight, +1 per block closer than the NPC's radius (at
 * most +10) and +1 per second waited (at most +5).
 */
export function priorityOf(
  message: IncomingMessage,
  radius: number,
  now: number,
  enqueuedAt: number,
  weights: Weights = DEFAULT_WEIGHTS,
): number {
  const closer =
    message.distance === undefined ? 0 : Math.min(10, Math.max(0, Math.floor(radius - message.distance)));
  const waited = Math.min(5, Math.max(0, Math.floor((now - enqueuedAt) / 1000)));
  return weights[SENDER[message.kind]] + closer + waited;
}

/**
 * When the message's source entry was stored (ms since epoch, the Redis stream id's time), or
 * undefined for a message that did not come from a stream (proximity, operator lines).
 */
export function storedAt(message: Pick<IncomingMessage, "id">): number | undefined {
  const m = /\/(\d+)-\d+$/.exec(message.id);
  return m ? Number(m[1]) : undefined;
}

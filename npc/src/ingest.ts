/**
 * Turns stream entries into deliveries and acknowledges each entry once every NPC it reached has
 * finished with it. In: entries of the event streams (player_chat, player_join, player_quit) and of
 * the NPC line streams. Out: messages on responders; XACK when all are done. Messages already
 * answered before a crash (history's done markers) are skipped, so nothing is answered twice.
 */
import type { ClientIdentity } from "@mcp-bridge/shared";
import { type GroupEntry, recordFromEntry } from "@mcp-bridge/shared/events";
import type { Logger } from "pino";
import type { ConversationHistory } from "./conversation/history.js";
import type { NpcResponder } from "./conversation/responder.js";
import type { Delivery, NpcLine, Router, Skip } from "./conversation/router.js";
import type { NpcDefinition } from "./definitions/schema.js";
import type { NpcMetrics } from "./ops/metrics.js";
import type { PlayerTracker } from "./world/player-tracker.js";

export interface StreamNames {
  /** stream key -> server id */
  events: Map<string, string>;
  lines: Map<string, string>;
}

export const linesStream = (prefix: string, serverId: string) => `${prefix}:npc:lines:${serverId}`;

export interface IngestDeps {
  npcs(): NpcDefinition[];
  responder(npcId: string): NpcResponder | undefined;
  clientFor(serverId: string): ClientIdentity | undefined;
  router: Router;
  tracker: PlayerTracker;
  history: ConversationHistory;
  metrics: NpcMetrics;
  logger: Logger;
  streams: () => StreamNames;
}

export class Ingest {
  private readonly pending = new Map<string, { remaining: number; ack: () => Promise<void> }>();

  constructor(private readonly deps: IngestDeps) {}

  get inFlight(): number {
    return this.pending.size;
  }

  /** A responder finished with these messages. */
  done = (ids: string[]): void => {
    for (const id of ids) {
      const p = this.pending.get(id);
      if (!p) continue;
      if (--p.remaining <= 0) {
        this.pending.delete(id);
        p.ack().catch((error) => this.deps.logger.warn({ err: (error as Error).message, id }, "XACK failed"));
      }
    }
  };

  handle = async (entry: GroupEntry): Promise<void> => {
    const { streams, router, tracker, metrics } = this.deps;
    const names = streams();
    const now = Date.now();
    const eventServer = names.events.get(entry.stream);
    const lineServer = names.lines.get(entry.stream);
    let result: { deliveries: Delivery[]; skipped: Skip[] } = { deliveries: [], skipped: [] };
    if (eventServer !== undefined) {
      metrics.ingested.inc({ source: "events" });
      const record = recordFromEntry(eventServer, [entry.id, entry.fields]);
      if (record?.type === "player_join" || record?.type === "player_quit") {
        if (record.type === "player_quit") tracker.forget(record.serverId, record.player);
        const client = this.deps.clientFor(record.serverId);
        if (client) void tracker.refresh(record.serverId, client);
      } else if (record?.type === "player_chat") {
        let where = tracker.position(record.serverId, record.player);
        const client = this.deps.clientFor(record.serverId);
        if (!where && client) {
          await tracker.refresh(record.serverId, client);
          where = tracker.position(record.serverId, record.player);
        }
        result = router.chat({ ...record, cursor: messageId(entry) }, this.deps.npcs(), where, now);
      }
    } else if (lineServer !== undefined) {
      metrics.ingested.inc({ source: "npc_lines" });
      const line = parseLine(entry, lineServer);
      if (line) result = router.npcLine(line, this.deps.npcs(), now);
    }
    for (const reason of result.skipped) metrics.dropped.inc({ npc: "-", reason });
    const fresh: Delivery[] = [];
    for (const d of result.deliveries) {
      // Only an entry delivered before can have been answered already (a crash before its XACK).
      if (entry.redelivered && (await this.deps.history.isDone(d.npc.id, d.message.id))) continue;
      if (this.deps.responder(d.npc.id)) fresh.push(d);
    }
    if (fresh.length === 0) {
      await entry.ack();
      return;
    }
    this.pending.set(messageId(entry), { remaining: fresh.length, ack: entry.ack });
    for (const d of fresh) {
      metrics.enqueued.inc({ npc: d.npc.id, kind: d.message.kind });
      this.deps.responder(d.npc.id)?.enqueue(d.message);
    }
  };
}

/** Unique across streams (stream ids alone repeat between streams). */
export function messageId(entry: Pick<GroupEntry, "stream" | "id">): string {
  return `${entry.stream}/${entry.id}`;
}

function parseLine(entry: GroupEntry, serverId: string): NpcLine | undefined {
  const map: Record<string, string> = {};
  for (let i = 0; i + 1 < entry.fields.length; i += 2) map[entry.fields[i]!] = entry.fields[i + 1]!;
  const turn = Number(map.turn);
  if (!map.npcId || !map.name || typeof map.text !== "string" || !Number.isInteger(turn)) return undefined;
  return {
    id: messageId(entry),
    serverId,
    npcId: map.npcId,
    name: map.name,
    text: map.text,
    turn,
    timestamp: Number(map.timestamp) || Date.now(),
  };
}

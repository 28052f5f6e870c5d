/**
 * The first half of ingestion, done by every NPC process (docs/architecture.md, "NPC ownership").
 * In: entries of the server event streams (player_chat, player_join, player_quit) and of the NPC
 * line streams, from the shared consumer group. Out: each chat line or NPC line XADDed to the inbox
 * of every NPC within range of where it was said (geometry only: who is addressed, conversations,
 * turns and buckets are the owner's business), and the source entry acknowledged, in one script:
 * XACK first, and the XADDs only when that XACK acknowledged it. So an entry is routed exactly once
 * even when two processes hold it (a claim while its first holder still runs). The scripts of one
 * tick go out in one pipeline.
 */
import { createHash } from "node:crypto";
import { type ClientIdentity, redisKeys } from "@mcp-bridge/shared";
import { type GroupEntry, recordFromEntry } from "@mcp-bridge/shared/events";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  type Candidate,
  chatCandidates,
  lineCandidates,
  type NpcLine,
  type Skip,
} from "../conversation/router.js";
import type { NpcDefinition } from "../definitions/schema.js";
import type { NpcMetrics } from "../ops/metrics.js";
import type { PlayerTracker } from "../world/player-tracker.js";
import { INBOX_MAXLEN, type InboxMessage, inboxFields } from "./inbox-entry.js";

export interface StreamNames {
  /** stream key -> server id */
  events: Map<string, string>;
  lines: Map<string, string>;
}

export const linesStream = (prefix: string, serverId: string) => `${prefix}:npc:lines:${serverId}`;

/** The fields of an NPC's spoken line on its server's line stream (read back by lineRoute). */
export function lineEntryFields(line: Omit<NpcLine, "id">): string[] {
  return [
    ...["npcId", line.npcId, "name", line.name, "text", line.text],
    ...["turn", String(line.turn), "timestamp", String(line.timestamp)],
  ];
}

/** Unique across streams (stream ids alone repeat between streams). */
export function messageId(entry: Pick<GroupEntry, "stream" | "id">): string {
  return `${entry.stream}/${entry.id}`;
}

/** KEYS[1] source stream, KEYS[2..] inboxes; ARGV: group, entry id, maxlen, the inbox entry's fields. */
const ROUTE = `
if redis.call('XACK', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
for i = 2, #KEYS do
  redis.call('XADD', KEYS[i], 'MAXLEN', '~', ARGV[3], '*', unpack(ARGV, 4))
end
return 1`;
const ROUTE_SHA = createHash("sha1").update(ROUTE).digest("hex");

export interface FanOutDeps {
  redis: Redis;
  prefix: string;
  group: string;
  npcs(): NpcDefinition[];
  clientFor(serverId: string): ClientIdentity | undefined;
  tracker: PlayerTracker;
  metrics: NpcMetrics;
  logger: Logger;
  streams: () => StreamNames;
}

interface Route {
  entry: GroupEntry;
  inboxes: string[];
  fields: string[];
  done: () => void;
}

export class FanOut {
  private batch: Route[] = [];
  private loaded: Promise<void> | undefined;
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(private readonly deps: FanOutDeps) {
    this.keys = redisKeys(deps.prefix);
  }

  handle = async (entry: GroupEntry): Promise<void> => {
    const { streams, tracker, metrics } = this.deps;
    const names = streams();
    const eventServer = names.events.get(entry.stream);
    const lineServer = names.lines.get(entry.stream);
    let routed: { message: InboxMessage; to: Candidate[] } | undefined;
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
        const to = chatCandidates(record.serverId, this.deps.npcs(), where);
        if (to === "unknown_position") this.skipped(["unknown_position"]);
        else if (where && to.length > 0) {
          const at = { x: where.x, y: where.y, z: where.z, world: where.world };
          const text = record.untrustedPlayerText ?? "";
          const common = { id: messageId(entry), serverId: record.serverId, text, at };
          routed = {
            message: { ...common, kind: "chat", player: record.player, timestamp: record.timestamp },
            to,
          };
        }
      }
    } else if (lineServer !== undefined) {
      metrics.ingested.inc({ source: "npc_lines" });
      routed = this.lineRoute(entry, lineServer);
    }
    const inboxes = (routed?.to ?? []).map(({ npc }) => this.keys.npcInbox(npc.id));
    await this.route(entry, inboxes, routed ? inboxFields(routed.message) : []);
  };

  private lineRoute(entry: GroupEntry, serverId: string) {
    const map: Record<string, string> = {};
    for (let i = 0; i + 1 < entry.fields.length; i += 2) map[entry.fields[i]!] = entry.fields[i + 1]!;
    const turn = Number(map.turn);
    if (!map.npcId || !map.name || typeof map.text !== "string" || !Number.isInteger(turn)) return undefined;
    const npcs = this.deps.npcs();
    const speaker = npcs.find((n) => n.id === map.npcId);
    const { candidates, skipped } = lineCandidates({ serverId, npcId: map.npcId }, npcs);
    this.skipped(skipped);
    if (!speaker || candidates.length === 0) return undefined;
    const { x, y, z, dimension } = speaker.location;
    const message: InboxMessage = {
      kind: "npc",
      id: messageId(entry),
      serverId,
      npcId: map.npcId,
      name: map.name,
      text: map.text,
      turn,
      timestamp: Number(map.timestamp) || Date.now(),
      at: { x, y, z, world: dimension },
    };
    return { message, to: candidates };
  }

  private skipped(reasons: Skip[]): void {
    for (const reason of reasons) this.deps.metrics.dropped.inc({ npc: "-", reason });
  }

  /** The scripts of a batch in one pipeline (EVALSHA once the script is loaded); an error per route. */
  private async run(batch: Route[], bySha: boolean): Promise<(Error | null | undefined)[]> {
    const { redis, group } = this.deps;
    if (bySha) {
      this.loaded ??= redis.script("LOAD", ROUTE).then(() => undefined);
      const failed = await this.loaded.then(
        () => undefined,
        (error: Error) => error,
      );
      if (failed) {
        this.loaded = undefined;
        return batch.map(() => failed);
      }
    }
    const pipeline = redis.pipeline();
    for (const r of batch) {
      const keys = [r.entry.stream, ...r.inboxes];
      const args = [...keys, group, r.entry.id, INBOX_MAXLEN, ...r.fields];
      if (bySha) pipeline.evalsha(ROUTE_SHA, keys.length, ...args);
      else pipeline.eval(ROUTE, keys.length, ...args);
    }
    return pipeline.exec().then(
      (results) => (results ?? []).map(([error]) => error),
      (error: Error) => batch.map(() => error),
    );
  }

  /** Queues the entry's ROUTE script for this tick's pipeline; resolves once it ran (or failed). */
  private route(entry: GroupEntry, inboxes: string[], fields: string[]): Promise<void> {
    return new Promise((resolve) => {
      if (this.batch.length === 0) setImmediate(() => void this.flush());
      this.batch.push({ entry, inboxes, fields, done: resolve });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    let errors = await this.run(batch, true);
    if (errors.some((e) => e?.message.includes("NOSCRIPT"))) {
      // Redis restarted or flushed its scripts: send the script itself. Running a route again is
      // harmless: its XACK finds the entry acknowledged and adds nothing.
      this.loaded = undefined;
      errors = await this.run(batch, false);
    }
    batch.forEach((r, i) => {
      const error = errors[i];
      // A failed entry stays pending: routed again when this consumer restarts or a reader claims it.
      if (error) this.deps.logger.warn({ err: error.message, entry: r.entry.id }, "routing a message failed");
      r.entry.forget();
      r.done();
    });
  }
}

/**
 * The first half of ingestion, done by every NPC process (docs/architecture.md, "NPC ownership").
 * In: entries of the server event streams (player_chat, player_join, player_quit) and of the NPC
 * line streams, from the shared consumer group. Out: each chat line or NPC line XADDed to the inbox
 * of every NPC within range of where it was said (geometry only: who is addressed, conversations,
 * turns and buckets are the owner's business), and the source entry acknowledged, in one script:
 * XACK first, and the XADDs only when that XACK acknowledged it. So an entry is routed exactly once
 * even when two processes hold it (a claim while its first holder still runs). The entries of one
 * tick go to Redis in one script call. An inbox of an NPC this process owns is read in that script
 * too (XREADGROUP as this consumer, right after the XADD), and what it took is handed to the inbox
 * reader's handler: the owner's reader need not wake for it. Such an entry is pending for this
 * consumer exactly as if its reader had read it (a crash leaves it pending; the next reader's
 * backlog read or the new owner's claim delivers it).
 * On a Redis Cluster a server's event stream (`{<serverId>}`) and the inboxes (`{npc}`) are in
 * different slots, so the script cannot XACK the source: there it sets a routed-once marker in
 * `{npc}` (SET NX) in place of the XACK, and the sources are acknowledged after it. An entry
 * delivered again (a crash between the two, or a claim) finds its marker and is only acknowledged;
 * the marker lasts ROUTED_TTL_MS, longer than an entry stays pending while any consumer runs.
 */
import { type ClientIdentity, type RedisConnection, redisKeys, runScript } from "@mcp-bridge/shared";
import { type GroupEntry, recordFromEntry } from "@mcp-bridge/shared/events";
import type { Logger } from "pino";
import {
  type Candidate,
  chatCandidates,
  lineCandidates,
  type NpcLine,
  type Skip,
} from "../conversation/router.js";
import type { NpcDefinition } from "../definitions/schema.js";
import { ROUTE_ENTRIES } from "../lua/index.js";
import type { NpcMetrics } from "../ops/metrics.js";
import type { PlayerTracker } from "../world/player-tracker.js";
import { INBOX_MAXLEN, type InboxMessage, inboxFields } from "./inbox-entry.js";

export interface StreamNames {
  /** stream key -> server id */
  events: Map<string, string>;
  lines: Map<string, string>;
}

export const linesStream = (prefix: string, serverId: string) => `${prefix}:{npc}:lines:${serverId}`;

/** The fields of an NPC's spoken line on its server's line stream (read back by lineRoute). */
export function lineEntryFields(line: Omit<NpcLine, "id">): string[] {
  return [
    ...["npcId", line.npcId, "name", line.name, "text", line.text],
    ...["turn", String(line.turn), "timestamp", String(line.timestamp)],
  ];
}

/** Unique across streams (stream ids alone repeat between streams). */
function messageId(entry: Pick<GroupEntry, "stream" | "id">): string {
  return `${entry.stream}/${entry.id}`;
}

/** How long a routed-once marker (cluster only) outlives its routing. */
const ROUTED_TTL_MS = 15 * 60_000;

/** An inbox entry the ROUTE script read for this consumer. */
export interface TakenEntry {
  stream: string;
  id: string;
  fields: string[];
}

export interface FanOutDeps {
  redis: RedisConnection;
  prefix: string;
  group: string;
  /** This process's consumer name in the group (the owned inboxes are read as it). */
  consumer: string;
  /** Whether this process owns the NPC (its inbox is read in the routing script). */
  owns(npcId: string): boolean;
  /** Inbox entries the routing script read for this consumer, for the inbox reader's handler. */
  handOver(entries: TakenEntry[]): void;
  npcs(): readonly NpcDefinition[];
  clientFor(serverId: string): ClientIdentity | undefined;
  tracker: PlayerTracker;
  metrics: NpcMetrics;
  logger: Logger;
  streams: () => StreamNames;
}

interface Route {
  entry: GroupEntry;
  inboxes: { key: string; owned: boolean }[];
  fields: string[];
  done: () => void;
}

export class FanOut {
  private batch: Route[] = [];
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
      if (record?.type === "player_quit") tracker.forget(record.serverId, record.player);
      else if (record?.type === "player_join") {
        const client = this.deps.clientFor(record.serverId);
        if (client) void tracker.locate(record.serverId, record.player, client);
      } else if (record?.type === "player_chat") {
        let where = tracker.position(record.serverId, record.player);
        const client = this.deps.clientFor(record.serverId);
        if (!where && client) where = await tracker.locate(record.serverId, record.player, client);
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
    const inboxes = (routed?.to ?? []).map(({ npc }) => ({
      key: this.keys.npcInbox(npc.id),
      owned: this.deps.owns(npc.id),
    }));
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

  /** One script call for the batch: the owned inboxes' entries it took, or its error. */
  private async run(batch: Route[]): Promise<TakenEntry[] | Error> {
    const { group, consumer } = this.deps;
    const keys: string[] = [];
    const index = new Map<string, number>();
    const at = (key: string) => {
      let i = index.get(key);
      if (i === undefined) {
        i = keys.push(key);
        index.set(key, i);
      }
      return i;
    };
    const cluster = this.deps.redis.isCluster;
    // On a cluster an entry that reaches no inbox needs no marker (routing it again adds nothing):
    // it is only acknowledged. Most events reach no NPC, and a marker per event would keep ~100
    // bytes per event for ROUTED_TTL_MS in the {npc} slot (on one node).
    const routes = cluster ? batch.filter((r) => r.inboxes.length > 0) : batch;
    if (routes.length === 0)
      return this.ackSources(batch).then(
        () => [],
        (error: Error) => error,
      );
    const args: (string | number)[] = [group, INBOX_MAXLEN, consumer, cluster ? ROUTED_TTL_MS : 0];
    for (const r of routes) {
      const source = cluster ? `${this.deps.prefix}:{npc}:routed:${messageId(r.entry)}` : r.entry.stream;
      args.push(at(source), r.entry.id, r.inboxes.length);
      for (const inbox of r.inboxes) args.push(inbox.owned ? -at(inbox.key) : at(inbox.key));
      args.push(r.fields.length, ...r.fields);
    }
    return runScript(this.deps.redis, ROUTE_ENTRIES, keys, args)
      .then(async (reply) => {
        if (cluster) await this.ackSources(batch);
        const [, taken] = reply as [number, [string, string, string[]][]];
        return taken.map(([stream, id, fields]) => ({ stream, id, fields }));
      })
      .catch((error: Error) => error);
  }

  /** Cluster only: the routed entries' XACKs, one per source stream (each in its own slot). */
  private async ackSources(batch: Route[]): Promise<void> {
    const ids = new Map<string, string[]>();
    for (const { entry } of batch) ids.set(entry.stream, [...(ids.get(entry.stream) ?? []), entry.id]);
    await Promise.all(
      [...ids].map(([stream, list]) => this.deps.redis.xack(stream, this.deps.group, ...list)),
    );
  }

  /** Adds the entry to this tick's ROUTE call; resolves once it ran (or failed). */
  private route(entry: GroupEntry, inboxes: Route["inboxes"], fields: string[]): Promise<void> {
    return new Promise((resolve) => {
      if (this.batch.length === 0) setImmediate(() => void this.flush());
      this.batch.push({ entry, inboxes, fields, done: resolve });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    const result = await this.run(batch);
    // Failed entries stay pending: routed again when this consumer restarts or a reader claims them.
    if (result instanceof Error)
      this.deps.logger.warn({ err: result.message, entries: batch.length }, "routing messages failed");
    else if (result.length > 0) this.deps.handOver(result);
    for (const r of batch) {
      r.entry.forget();
      r.done();
    }
  }
}

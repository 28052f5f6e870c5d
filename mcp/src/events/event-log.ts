/**
 * Reads the per-server event stream written by the bridge. In: stream key, cursor (a stream id),
 * filters. Out: EventRecords in stream order and the cursor to continue from. Work per call is
 * bounded (MAX_SCAN entries), so a narrow filter over a long stream still answers quickly.
 */

import type { RedisConnection } from "@mcp-bridge/shared";
import { type EventSourceDescription, EventSourcesRecordSchema, redisKeys } from "@mcp-bridge/shared";
import { type EventRecord, recordFromEntry, type StreamEntry } from "@mcp-bridge/shared/events";
import { guardRedis } from "@mcp-bridge/shared/queue";
import { matchesFilter, type SubscriptionFilter } from "./subscription.js";

export const MAX_SCAN = 5000;
const PAGE = 200;

export interface EventQuery extends SubscriptionFilter {
  serverId: string;
  /** Return events after this stream id; without it, the most recent matching events. */
  cursor?: string;
  /** Ingest-time range (ms since epoch), inclusive. */
  since?: number;
  until?: number;
  limit: number;
  /** Case-insensitive text that must occur in the player name, data or chat text. */
  text?: string;
}

export interface EventPage {
  events: EventRecord[];
  /** Pass back as `cursor` to get only newer events. */
  nextCursor: string;
  /** Entries looked at (bounded by MAX_SCAN). */
  scanned: number;
}

export class EventLog {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  key(serverId: string): string {
    return redisKeys(this.prefix).eventStream(serverId);
  }

  /**
   * The event sources the bridge holding the server reports (it re-publishes them every few
   * seconds with a TTL); undefined when no bridge does (none running, or an older bridge).
   */
  async sources(serverId: string): Promise<EventSourceDescription[] | undefined> {
    const raw = await guardRedis(this.redis, "reading the event sources", () =>
      this.redis.get(redisKeys(this.prefix).eventSources(serverId)),
    );
    if (raw === null) return undefined;
    try {
      return EventSourcesRecordSchema.parse(JSON.parse(raw)).sources;
    } catch {
      return undefined;
    }
  }

  /** Id of the newest entry, or "0-0" for an empty stream. */
  async latestId(serverId: string): Promise<string> {
    const last = (await guardRedis(this.redis, "reading the event stream", () =>
      this.redis.xrevrange(this.key(serverId), "+", "-", "COUNT", 1),
    )) as StreamEntry[];
    return last[0]?.[0] ?? "0-0";
  }

  async query(q: EventQuery): Promise<EventPage> {
    return q.cursor === undefined ? this.recent(q) : this.forward(q, q.cursor);
  }

  /** Events strictly after `cursor`, oldest first. */
  private async forward(q: EventQuery, cursor: string): Promise<EventPage> {
    let start = `(${cursor}`;
    if (q.since !== undefined && compareIds(`${q.since}-0`, cursor) > 0) start = `${q.since}-0`;
    const end = q.until === undefined ? "+" : `${q.until}-18446744073709551615`;
    const events: EventRecord[] = [];
    let nextCursor = cursor;
    let scanned = 0;
    while (events.length < q.limit && scanned < MAX_SCAN) {
      const page = await this.range(q.serverId, start, end, PAGE);
      if (page.length === 0) break;
      for (const entry of page) {
        scanned++;
        nextCursor = entry[0];
        const record = this.accept(q, entry);
        if (record) events.push(record);
        if (events.length >= q.limit) break;
      }
      start = `(${nextCursor}`;
      if (page.length < PAGE) break;
    }
    return { events, nextCursor, scanned };
  }

  /** The newest `limit` matching events, returned oldest first; nextCursor = the newest entry. */
  private async recent(q: EventQuery): Promise<EventPage> {
    let end = q.until === undefined ? "+" : `${q.until}-18446744073709551615`;
    const start = q.since === undefined ? "-" : `${q.since}-0`;
    const events: EventRecord[] = [];
    let scanned = 0;
    let newest: string | undefined;
    while (events.length < q.limit && scanned < MAX_SCAN) {
      const page = (await guardRedis(this.redis, "reading the event stream", () =>
        this.redis.xrevrange(this.key(q.serverId), end, start, "COUNT", PAGE),
      )) as StreamEntry[];
      if (page.length === 0) break;
      newest ??= page[0]![0];
      for (const entry of page) {
        scanned++;
        const record = this.accept(q, entry);
        if (record) events.push(record);
        if (events.length >= q.limit) break;
      }
      end = `(${page[page.length - 1]![0]}`;
      if (page.length < PAGE) break;
    }
    events.reverse();
    const nextCursor = q.until === undefined ? await this.latestId(q.serverId) : (newest ?? "0-0");
    return { events, nextCursor, scanned };
  }

  private async range(serverId: string, start: string, end: string, count: number): Promise<StreamEntry[]> {
    return (await guardRedis(this.redis, "reading the event stream", () =>
      this.redis.xrange(this.key(serverId), start, end, "COUNT", count),
    )) as StreamEntry[];
  }

  private accept(q: EventQuery, entry: StreamEntry): EventRecord | undefined {
    const record = recordFromEntry(q.serverId, entry);
    if (!record || !matchesFilter(q, record)) return undefined;
    if (q.text !== undefined && !textMatches(record, q.text)) return undefined;
    return record;
  }
}

function textMatches(record: EventRecord, text: string): boolean {
  const haystack = `${record.player} ${JSON.stringify(record.data)} ${record.untrustedPlayerText ?? ""}`;
  return haystack.toLowerCase().includes(text.toLowerCase());
}

/** Orders stream ids `ms-seq` numerically. */
function compareIds(a: string, b: string): number {
  const [am, as = "0"] = a.split("-");
  const [bm, bs = "0"] = b.split("-");
  const ms = BigInt(am ?? "0") - BigInt(bm ?? "0");
  if (ms !== 0n) return ms > 0n ? 1 : -1;
  const s = BigInt(as) - BigInt(bs);
  return s === 0n ? 0 : s > 0n ? 1 : -1;
}

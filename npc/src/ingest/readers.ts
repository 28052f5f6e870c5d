/**
 * The two consumer-group readers of an NPC process (docs/architecture.md, "NPC ownership"): the
 * sources (event streams and NPC line streams of the servers NPCs stand on; shared by every
 * process, routed by fan-out.ts) and the inboxes of the NPCs this process owns (inbox.ts). Each is
 * restarted when its stream set changes: the sources when the servers change, the inboxes when the
 * owned NPCs change (debounced: a start acquires many NPCs at once). Taking over an NPC first claims
 * every entry of its inbox still pending for another consumer (the previous owner, which holds no
 * lease any more), so the new owner's backlog read delivers them.
 */
import { duplicateRedis, type RedisConnection, redisKeys } from "@mcp-bridge/shared";
import { GroupReader } from "@mcp-bridge/shared/events";
import type { Logger } from "pino";
import { type FanOut, linesStream, type StreamNames, type TakenEntry } from "./fan-out.js";
import type { Inbox } from "./inbox.js";

export interface ReadersOptions {
  redis: RedisConnection;
  prefix: string;
  group: string;
  consumer: string;
  /**
   * Entries another consumer left pending this long are claimed. Sources: a crashed process's
   * entries (pending only while routed, milliseconds). Inboxes: entries a previous owner's reader
   * took after the new owner's takeover claim (its reader restarts a moment after losing the NPC);
   * the owner's own entries waiting for an answer are skipped (it holds them already).
   */
  claimIdleMs: number;
  /** New-entry reads start at least this far apart (GroupReader's minIntervalMs). */
  readIntervalMs: number;
  logger: Logger;
  fanOut: FanOut;
  inbox: Inbox;
}

const INBOX_RESTART_DELAY_MS = 50;

export class IngestReaders {
  /** What the source reader reads, by kind (fan-out.ts looks entries up here). */
  streams: StreamNames = { events: new Map(), lines: new Map() };
  private sources: GroupReader | undefined;
  private inboxes: GroupReader | undefined;
  private inboxIds: string[] = [];
  private wantedInboxIds: string[] = [];
  private restartTimer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> = Promise.resolve();
  private closed = false;

  private readonly keys: ReturnType<typeof redisKeys>;
  private readonly inboxHead: string;

  constructor(private readonly options: ReadersOptions) {
    this.keys = redisKeys(options.prefix);
    this.inboxHead = this.keys.npcInbox("");
  }

  /** The inbox key of an NPC, and back. */
  inboxKey(npcId: string): string {
    return this.keys.npcInbox(npcId);
  }

  npcOfInbox(stream: string): string | undefined {
    return stream.startsWith(this.inboxHead) ? stream.slice(this.inboxHead.length) : undefined;
  }

  /** Reads the sources of these servers (restarts the reader when the set changed). */
  async readServers(serverIds: string[]): Promise<void> {
    const { prefix } = this.options;
    const servers = [...new Set(serverIds)].sort();
    const events = new Map(servers.map((s) => [redisKeys(prefix).eventStream(s), s]));
    const same = [...events.keys()].join() === [...this.streams.events.keys()].join();
    if (same && this.sources) return;
    await this.sources?.close();
    this.sources = undefined;
    this.streams = { events, lines: new Map(servers.map((s) => [linesStream(prefix, s), s])) };
    if (servers.length === 0 || this.closed) return;
    const streams = [...events.keys(), ...this.streams.lines.keys()];
    this.sources = this.reader(streams, "$");
    this.sources.start(this.options.fanOut.handle);
  }

  /** Makes this consumer the holder of every entry of the NPC's inbox still pending for another. */
  async takeInbox(npcId: string): Promise<void> {
    const { redis, group, consumer } = this.options;
    const key = this.inboxKey(npcId);
    await redis.xgroup("CREATE", key, group, "0", "MKSTREAM").catch((error: Error) => {
      if (!error.message.includes("BUSYGROUP")) throw error;
    });
    let cursor = "0-0";
    do {
      const reply = (await redis.xautoclaim(key, group, consumer, 0, cursor, "COUNT", 500, "JUSTID")) as [
        string,
        ...unknown[],
      ];
      cursor = reply[0];
    } while (cursor !== "0-0");
  }

  /**
   * Entries of owned inboxes that the routing script read for this consumer: handled by the inbox
   * reader as if it had read them. Without a running reader (a restart in progress) they stay
   * pending here, and the next reader's backlog read delivers them.
   */
  handOver(entries: TakenEntry[]): void {
    for (const { stream, id, fields } of entries) {
      this.inboxes?.handOver(stream, id, fields).catch((error: Error) =>
        // Still pending for this consumer: the next backlog read or a claim delivers it again.
        this.options.logger.warn({ err: error.message, stream, id }, "inbox entry not handled"),
      );
    }
  }

  /** Reads the inboxes of these NPCs (the reader restarts shortly after the last change). */
  readInboxes(npcIds: string[]): void {
    this.wantedInboxIds = [...new Set(npcIds)].sort();
    if (this.restartTimer || this.closed) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      this.restarting = this.restarting
        .then(() => this.restartInboxes())
        .catch((error: Error) =>
          this.options.logger.error({ err: error.message }, "inbox reader not restarted"),
        );
    }, INBOX_RESTART_DELAY_MS);
  }

  private async restartInboxes(): Promise<void> {
    const wanted = this.wantedInboxIds;
    if (wanted.join() === this.inboxIds.join() || this.closed) return;
    await this.inboxes?.close();
    this.inboxes = undefined;
    this.inboxIds = wanted;
    if (wanted.length === 0) return;
    // "0": an inbox may have received entries before any owner created its group.
    const streams = wanted.map((id) => this.inboxKey(id));
    this.inboxes = this.reader(streams, "0");
    this.inboxes.start(this.options.inbox.handle);
  }

  private reader(streams: string[], startId: string): GroupReader {
    const { redis, group, consumer, claimIdleMs, readIntervalMs, logger } = this.options;
    return new GroupReader({
      minIntervalMs: readIntervalMs,
      connection: duplicateRedis(redis, { maxRetriesPerRequest: null }),
      redis,
      streams,
      group,
      consumer,
      startId,
      claimIdleMs,
      logger,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.restartTimer);
    await this.restarting;
    await Promise.all([this.sources?.close(), this.inboxes?.close()]);
  }
}

/**
 * The one live reader per process. In: the event streams of every configured server, read with
 * XREAD BLOCK on a dedicated connection starting at "now". Out: each new EventRecord handed to every
 * listener (sessions filter by their own subscription). Survives Redis outages: it logs, waits and
 * resumes from the last id it saw.
 */

import type { Logger } from "pino";
import type { RedisConnection } from "../redis/connect.js";
import { type EventRecord, recordFromEntry, type StreamEntry } from "./event-record.js";

export type EventListener = (event: EventRecord) => void;

const BLOCK_MS = 2000;
const RETRY_MS = 1000;

export class StreamReader {
  private readonly listeners = new Set<EventListener>();
  private running = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly connection: RedisConnection,
    private readonly streams: Map<string, string>,
    private readonly logger: Logger,
  ) {}

  /** `streams`: stream key -> server id. */
  static keysFor(servers: string[], key: (serverId: string) => string): Map<string, string> {
    return new Map(servers.map((s) => [key(s), s]));
  }

  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async close(): Promise<void> {
    this.running = false;
    this.connection.disconnect();
    // A read queued while the connection was reconnecting is never rejected by disconnect(); the loop
    // ends on its own once `running` is false, so do not wait for it for long.
    await Promise.race([this.loop, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }

  private async run(): Promise<void> {
    const keys = [...this.streams.keys()];
    const ids = new Map(keys.map((k) => [k, "$"]));
    while (this.running) {
      try {
        await this.pinStartIds(ids);
        const reply = (await this.connection.xread(
          "COUNT",
          500,
          "BLOCK",
          BLOCK_MS,
          "STREAMS",
          ...keys,
          ...keys.map((k) => ids.get(k)!),
        )) as [string, StreamEntry[]][] | null;
        for (const [key, entries] of reply ?? []) {
          const serverId = this.streams.get(key) ?? key;
          for (const entry of entries) {
            ids.set(key, entry[0]);
            const record = recordFromEntry(serverId, entry);
            if (record) this.emit(record);
          }
        }
      } catch (error) {
        if (!this.running) return;
        this.logger.warn({ err: (error as Error).message }, "event stream read failed; retrying");
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  /** Start from the newest entry that exists now (not "$", which would skip events between two reads). */
  private async pinStartIds(ids: Map<string, string>): Promise<void> {
    for (const [key, id] of ids) {
      if (id !== "$") continue;
      const last = (await this.connection.xrevrange(key, "+", "-", "COUNT", 1)) as StreamEntry[];
      ids.set(key, last[0]?.[0] ?? "0-0");
    }
  }

  private emit(record: EventRecord): void {
    for (const listener of this.listeners) {
      try {
        listener(record);
      } catch (error) {
        this.logger.warn({ err: (error as Error).message }, "event listener failed");
      }
    }
  }
}

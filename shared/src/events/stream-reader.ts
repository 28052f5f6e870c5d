/**
 * The one live reader per process. In: the event streams of every configured server, read with
 * XREAD BLOCK on a dedicated connection starting at "now". Out: each new EventRecord handed to every
 * listener (sessions filter by their own subscription). Survives Redis outages: it logs, waits and
 * resumes from the last id it saw. On a Redis Cluster one XREAD names streams of one slot only, so
 * there it reads each slot's streams in its own loop on its own connection (a blocked read holds
 * its node's connection); on a single Redis one XREAD for all, which is cheapest.
 */

import type { Logger } from "pino";
import { duplicateRedis, type RedisConnection } from "../redis/connect.js";
import { keysPerCommand } from "../redis/slots.js";
import { type EventRecord, recordFromEntry, type StreamEntry } from "./event-record.js";

export type EventListener = (event: EventRecord) => void;

const BLOCK_MS = 2000;
const RETRY_MS = 1000;

export class StreamReader {
  private readonly listeners = new Set<EventListener>();
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly connections: RedisConnection[] = [];

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
    this.loops = keysPerCommand(this.connection, [...this.streams.keys()]).map((keys, i) => {
      const connection = i === 0 ? this.connection : duplicateRedis(this.connection);
      this.connections.push(connection);
      return this.run(connection, keys);
    });
  }

  async close(): Promise<void> {
    this.running = false;
    this.connection.disconnect();
    for (const connection of this.connections) connection.disconnect();
    // A read queued while the connection was reconnecting is never rejected by disconnect(); the loop
    // ends on its own once `running` is false, so do not wait for it for long.
    await Promise.race([
      Promise.all(this.loops),
      new Promise((resolve) => setTimeout(resolve, 1000).unref()),
    ]);
  }

  private async run(connection: RedisConnection, keys: string[]): Promise<void> {
    const ids = new Map(keys.map((k) => [k, "$"]));
    while (this.running) {
      try {
        await this.pinStartIds(connection, ids);
        const reply = (await connection.xread(
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
  private async pinStartIds(connection: RedisConnection, ids: Map<string, string>): Promise<void> {
    for (const [key, id] of ids) {
      if (id !== "$") continue;
      const last = (await connection.xrevrange(key, "+", "-", "COUNT", 1)) as StreamEntry[];
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

/**
 * Long-poll for wait_for_events. In: a cursor, a filter, a timeout and the request's AbortSignal.
 * Out: the matching events after the cursor as soon as there are any, or none at the timeout.
 * Each wait blocks on its OWN connection (XREAD BLOCK would stall every other command on a shared
 * one); cancelling the request disconnects it at once.
 */
import { BridgeError, duplicateRedis, type RedisConnection } from "@mcp-bridge/shared";
import { recordFromEntry, type StreamEntry } from "@mcp-bridge/shared/events";
import { redisUnreachable } from "@mcp-bridge/shared/queue";
import type { EventLog, EventPage, EventQuery } from "./event-log.js";
import { matchesFilter } from "./subscription.js";

export interface WaitResult extends EventPage {
  timedOut: boolean;
}

export class EventWaiter {
  constructor(
    private readonly base: RedisConnection,
    private readonly log: EventLog,
  ) {}

  async wait(
    q: EventQuery & { cursor: string },
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<WaitResult> {
    const first = await this.log.query(q);
    if (first.events.length > 0) return { ...first, timedOut: false };
    // maxRetriesPerRequest 0: a dropped connection fails the wait at once instead of hanging.
    const connection = duplicateRedis(this.base, {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      connectTimeout: 2000,
    });
    connection.on("error", () => undefined);
    const onAbort = () => connection.disconnect();
    signal?.addEventListener("abort", onAbort, { once: true });
    const deadline = Date.now() + timeoutMs;
    let cursor = first.nextCursor;
    try {
      while (!signal?.aborted) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        const reply = (await connection.xread(
          "COUNT",
          q.limit,
          "BLOCK",
          left,
          "STREAMS",
          this.log.key(q.serverId),
          cursor,
        )) as [string, StreamEntry[]][] | null;
        const entries = reply?.[0]?.[1] ?? [];
        const events = [];
        for (const entry of entries) {
          cursor = entry[0];
          const record = recordFromEntry(q.serverId, entry);
          if (record && matchesFilter(q, record)) events.push(record);
        }
        if (events.length > 0)
          return { events, nextCursor: cursor, scanned: entries.length, timedOut: false };
      }
      if (signal?.aborted) throw cancelled();
      return { events: [], nextCursor: cursor, scanned: 0, timedOut: true };
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      throw redisUnreachable(connection, "waiting for events", error);
    } finally {
      signal?.removeEventListener("abort", onAbort);
      connection.disconnect();
    }
  }
}

function cancelled(): BridgeError {
  return new BridgeError("TIMEOUT", "wait_for_events was cancelled by the client");
}

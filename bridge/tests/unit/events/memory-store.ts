/** An in-memory EventStore with the same dedup rules as the Redis script, for unit tests. */
import type { AppendResult, EventStore, HelloResult, StoredEvent } from "../../../src/events/event-store.js";

export class MemoryEventStore implements EventStore {
  readonly streams = new Map<string, StoredEvent[]>();
  private readonly sessions = new Map<string, { epoch: string; lastSeq: number; modDropped: number }>();

  async hello(serverId: string, epoch: string, modDropped: number): Promise<HelloResult> {
    let s = this.sessions.get(serverId);
    if (!s || s.epoch !== epoch) {
      s = { epoch, lastSeq: 0, modDropped: 0 };
      this.sessions.set(serverId, s);
    }
    const newlyDropped = Math.max(0, modDropped - s.modDropped);
    s.modDropped = Math.max(s.modDropped, modDropped);
    return { lastSeq: s.lastSeq, newlyDropped };
  }

  async append(serverId: string, epoch: string, events: readonly StoredEvent[]): Promise<AppendResult> {
    const s = this.sessions.get(serverId);
    if (!s || s.epoch !== epoch) return { current: false, lastSeq: 0, stored: 0, duplicates: 0, gaps: 0 };
    const stream = this.streams.get(serverId) ?? [];
    this.streams.set(serverId, stream);
    let stored = 0;
    let duplicates = 0;
    let gaps = 0;
    for (const e of events) {
      if (e.seq <= s.lastSeq) {
        duplicates++;
        continue;
      }
      gaps += e.seq - s.lastSeq - 1;
      stream.push(e);
      s.lastSeq = e.seq;
      stored++;
    }
    return { current: true, lastSeq: s.lastSeq, stored, duplicates, gaps };
  }

  async lastSeq(serverId: string) {
    const s = this.sessions.get(serverId);
    return { epoch: s?.epoch, lastSeq: s?.lastSeq ?? 0 };
  }
}

/** An in-memory EventStore with the same dedup and refusal rules as the Redis script, for unit tests. */
import type { AppendResult, EventStore, HelloResult, StoredEvent } from "../../../src/events/event-store.js";

interface Session {
  epoch: string;
  lastSeq: number;
  modDropped: number;
  resumeSeq: number;
}

export class MemoryEventStore implements EventStore {
  readonly streams = new Map<string, StoredEvent[]>();
  private readonly sessions = new Map<string, Session>();

  async hello(serverId: string, epoch: string, modDropped: number, resumeSeq: number): Promise<HelloResult> {
    let s = this.sessions.get(serverId);
    if (!s || s.epoch !== epoch) {
      s = { epoch, lastSeq: 0, modDropped: 0, resumeSeq: 0 };
      this.sessions.set(serverId, s);
    }
    s.resumeSeq = Math.max(s.resumeSeq, resumeSeq);
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
    let refused: AppendResult["refused"];
    for (const [index, e] of events.entries()) {
      if (e.seq < s.resumeSeq) {
        refused = { index, reason: "below_resume", resumeSeq: s.resumeSeq };
        break;
      }
      if (e.seq <= s.lastSeq) {
        duplicates++;
        continue;
      }
      if (e.seq > s.lastSeq + 1 && e.seq > s.resumeSeq) {
        refused = { index, reason: "undeclared_gap", resumeSeq: s.resumeSeq };
        break;
      }
      gaps += e.seq - s.lastSeq - 1;
      stream.push(e);
      s.lastSeq = e.seq;
      stored++;
    }
    return { current: true, lastSeq: s.lastSeq, stored, duplicates, gaps, refused };
  }

  async lastSeq(serverId: string) {
    const s = this.sessions.get(serverId);
    return { epoch: s?.epoch, lastSeq: s?.lastSeq ?? 0 };
  }
}

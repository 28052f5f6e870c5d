/**
 * Event persistence in Redis. In: batches of validated events of one server and epoch.
 * Out: entries of the server's bounded Redis Stream (fields of EventStreamEntry) and the session
 * hash {epoch, lastSeq, modDropped, resumeSeq}. Each batch is ONE Lua script, so the stream and
 * lastSeq change together or not at all (no event stored without being recorded, or recorded without
 * being stored), and dedup by seq is decided atomically even when two connections of one server race.
 *
 * Invariant: every seq in [resumeSeq, lastSeq] is in the stream, so a seq in that range really is a
 * duplicate, and the cumulative ack `lastSeq` never covers an event the emitter still holds but the
 * bridge did not store. The only seqs skipped are those below resumeSeq, the lowest seq the
 * emitter's hello said it still holds (lower ones were acknowledged or dropped by its outbox).
 * So a seq that would skip over an event the emitter may still send is refused, not stored, and the
 * batch stops there; so is a seq the emitter declared gone.
 */
import { type RedisConnection, redisKeys, runScript } from "@mcp-bridge/shared";
import { APPEND_MOD_EVENTS, MOD_SESSION_HELLO } from "../lua/index.js";

/** How many entries a server's event stream keeps by default (EVENTS_STREAM_MAXLEN; trimmed with `~`). */
export const DEFAULT_STREAM_MAXLEN = 100_000;

export interface StoredEvent {
  seq: number;
  /** ASCII JSON of the validated envelope. */
  json: string;
  type: string;
  player: string;
}

/** Why a seq was refused: it skips seqs the emitter may still send, or the emitter declared it gone. */
type SeqRefusal = "undeclared_gap" | "below_resume";

export interface AppendResult {
  /** False when another session with a different epoch took over the server; nothing was stored. */
  current: boolean;
  lastSeq: number;
  stored: number;
  duplicates: number;
  /** Sequence numbers skipped (declared gone by the emitter) in this batch. */
  gaps: number;
  /** The first refused event (its index in the batch) and why; events after it were not looked at. */
  refused?: { index: number; reason: SeqRefusal; resumeSeq: number };
}

export interface HelloResult {
  lastSeq: number;
  /** Increase of the mod's own dropped-events counter since the last hello of this epoch. */
  newlyDropped: number;
}

/** What the session needs from storage; RedisEventStore is the real one. */
export interface EventStore {
  /** resumeSeq: the lowest seq the emitter still holds (0 when its hello does not say). */
  hello(serverId: string, epoch: string, modDropped: number, resumeSeq: number): Promise<HelloResult>;
  append(
    serverId: string,
    epoch: string,
    events: readonly StoredEvent[],
    ingestedAt: number,
  ): Promise<AppendResult>;
  lastSeq(serverId: string): Promise<{ epoch: string | undefined; lastSeq: number }>;
}

export class RedisEventStore implements EventStore {
  private readonly keys;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    private readonly streamMaxLen: number,
  ) {
    this.keys = redisKeys(prefix);
  }

  async hello(serverId: string, epoch: string, modDropped: number, resumeSeq: number): Promise<HelloResult> {
    const session = this.keys.eventSession(serverId);
    const [lastSeq, newlyDropped] = (await runScript(
      this.redis,
      MOD_SESSION_HELLO,
      [session],
      [epoch, modDropped, resumeSeq],
    )) as [number, number];
    return { lastSeq, newlyDropped };
  }

  async append(
    serverId: string,
    epoch: string,
    events: readonly StoredEvent[],
    ingestedAt: number,
  ): Promise<AppendResult> {
    const args: (string | number)[] = [epoch, this.streamMaxLen, ingestedAt, serverId];
    for (const e of events) args.push(e.seq, e.json, e.type, e.player);
    const keys = [this.keys.eventSession(serverId), this.keys.eventStream(serverId)];
    const [current, lastSeq, stored, duplicates, gaps, refused, why, resumeSeq] = (await runScript(
      this.redis,
      APPEND_MOD_EVENTS,
      keys,
      args,
    )) as number[];
    return {
      current: current === 1,
      lastSeq: lastSeq ?? 0,
      stored: stored ?? 0,
      duplicates: duplicates ?? 0,
      gaps: gaps ?? 0,
      refused: refused
        ? {
            index: refused - 1,
            reason: why === 1 ? "below_resume" : "undeclared_gap",
            resumeSeq: resumeSeq ?? 0,
          }
        : undefined,
    };
  }

  async lastSeq(serverId: string): Promise<{ epoch: string | undefined; lastSeq: number }> {
    const [epoch, last] = await this.redis.hmget(this.keys.eventSession(serverId), "epoch", "lastSeq");
    return { epoch: epoch ?? undefined, lastSeq: Number(last ?? 0) };
  }
}

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
import { createHash } from "node:crypto";
import type { RedisConnection } from "@mcp-bridge/shared";
import { redisKeys } from "@mcp-bridge/shared";

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

// KEYS[1] session hash; ARGV epoch, modDropped, resumeSeq. A new epoch starts again at seq 0.
// resumeSeq only grows within an epoch: an outbox's oldest held seq never goes back.
const HELLO_LUA = `
local epoch = redis.call('HGET', KEYS[1], 'epoch')
if epoch ~= ARGV[1] then
  redis.call('HSET', KEYS[1], 'epoch', ARGV[1], 'lastSeq', 0, 'modDropped', 0, 'resumeSeq', 0)
end
local resume = tonumber(ARGV[3])
if resume > tonumber(redis.call('HGET', KEYS[1], 'resumeSeq') or '0') then
  redis.call('HSET', KEYS[1], 'resumeSeq', resume)
end
local last = tonumber(redis.call('HGET', KEYS[1], 'lastSeq') or '0')
local prev = tonumber(redis.call('HGET', KEYS[1], 'modDropped') or '0')
local now = tonumber(ARGV[2])
local delta = 0
if now > prev then
  delta = now - prev
  redis.call('HSET', KEYS[1], 'modDropped', now)
end
return {last, delta}
`;

// KEYS[1] session hash, KEYS[2] stream; ARGV epoch, maxLen, ingestedAt, serverId, then
// (seq, json, type, player) per event. Returns {current, lastSeq, stored, dups, gaps,
// refused index (1-based, 0 = none), refusal (1 below resumeSeq, 2 undeclared gap), resumeSeq}.
const APPEND_LUA = `
if redis.call('HGET', KEYS[1], 'epoch') ~= ARGV[1] then return {0, 0, 0, 0, 0, 0, 0, 0} end
local last = tonumber(redis.call('HGET', KEYS[1], 'lastSeq') or '0')
local resume = tonumber(redis.call('HGET', KEYS[1], 'resumeSeq') or '0')
local stored, dups, gaps, refused, why = 0, 0, 0, 0, 0
for i = 5, #ARGV, 4 do
  local seq = tonumber(ARGV[i])
  if seq < resume then
    refused, why = (i - 1) / 4, 1
    break
  elseif seq <= last then
    dups = dups + 1
  elseif seq > last + 1 and seq > resume then
    refused, why = (i - 1) / 4, 2
    break
  else
    if seq > last + 1 then gaps = gaps + (seq - last - 1) end
    redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'event', ARGV[i + 1], 'type', ARGV[i + 2],
      'player', ARGV[i + 3], 'serverId', ARGV[4], 'ingestedAt', ARGV[3])
    last = seq
    stored = stored + 1
  end
end
redis.call('HSET', KEYS[1], 'lastSeq', last)
return {1, last, stored, dups, gaps, refused, why, resume}
`;

export const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** Runs a Lua script by its SHA, loading it on NOSCRIPT (after a Redis restart or failover). */
export async function runScript(
  redis: RedisConnection,
  script: string,
  sha: string,
  keys: string[],
  args: (string | number)[],
) {
  try {
    return await redis.evalsha(sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return await redis.eval(script, keys.length, ...keys, ...args);
  }
}

export class RedisEventStore implements EventStore {
  private readonly keys;
  private readonly helloSha = sha1(HELLO_LUA);
  private readonly appendSha = sha1(APPEND_LUA);

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
      HELLO_LUA,
      this.helloSha,
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
      APPEND_LUA,
      this.appendSha,
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

/**
 * Exactly-once storage of log-tail events. In: the events of a run of complete log lines, the
 * position those lines started at (file identity, byte offset, last seq) and the position after
 * them. Out: the events appended to the server's Redis Stream AND the new position, in ONE Lua
 * script: either both change or neither. The script refuses (changes nothing) when the stored
 * position is not the one the caller started from, so a bridge that restarts, or a second
 * bridge that briefly tails the same file, can never store a line's event twice.
 */
import { type RedisConnection, redisKeys, runScript } from "@mcp-bridge/shared";
import { COMMIT_LOG_EVENTS } from "../lua/index.js";

export interface LogPosition {
  /** Identity of the file the offset belongs to ("" before the first line was read). */
  file: string;
  offset: number;
  /** seq of the last event stored from the log. */
  seq: number;
}

export interface LogEventRecord {
  /** ASCII JSON of the full envelope (its seq is from.seq + 1 + index). */
  json: string;
  type: string;
  player: string;
}

export type CommitResult = { ok: true } | { ok: false; stored: LogPosition };

export class LogPositionStore {
  private readonly positionKey: string;
  private readonly streamKey: string;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    private readonly serverId: string,
    private readonly streamMaxLen: number,
  ) {
    const keys = redisKeys(prefix);
    this.positionKey = keys.logTail(serverId);
    this.streamKey = keys.eventStream(serverId);
  }

  async load(): Promise<LogPosition> {
    const [file, offset, seq] = await this.redis.hmget(this.positionKey, "file", "offset", "seq");
    return { file: file ?? "", offset: Number(offset ?? 0), seq: Number(seq ?? 0) };
  }

  async commit(
    from: LogPosition,
    to: { file: string; offset: number },
    events: readonly LogEventRecord[],
    ingestedAt: number,
  ): Promise<CommitResult> {
    const args: (string | number)[] = [
      from.file,
      String(from.offset),
      String(from.seq),
      to.file,
      String(to.offset),
      this.streamMaxLen,
      ingestedAt,
      this.serverId,
      "log",
    ];
    for (const e of events) args.push(e.json, e.type, e.player);
    const keys = [this.positionKey, this.streamKey];
    const reply = (await runScript(this.redis, COMMIT_LOG_EVENTS, keys, args)) as unknown[];
    if (reply[0] === 1) return { ok: true };
    return {
      ok: false,
      stored: { file: String(reply[1] ?? ""), offset: Number(reply[2] ?? 0), seq: Number(reply[3] ?? 0) },
    };
  }
}

/**
 * Storage of management-protocol events. In: the envelope of one event split around its seq.
 * Out: the event in the server's Redis Stream with the next seq of this source, in one Lua script
 * (HINCRBY + XADD), so seq numbers are never reused. The source is live only: there is no position
 * to keep and nothing to replay.
 */
import { type RedisConnection, redisKeys, runScript } from "@mcp-bridge/shared";
import { ADD_MANAGEMENT_EVENT } from "../lua/index.js";

/** The seq the caller writes into the envelope; the script puts the real one in its place. */
export const SEQ_PLACEHOLDER = Number.MAX_SAFE_INTEGER;
const MARK = `"seq":${SEQ_PLACEHOLDER}`;

export class ManagementStore {
  private readonly keys: string[];

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    private readonly serverId: string,
    private readonly streamMaxLen: number,
  ) {
    const k = redisKeys(prefix);
    this.keys = [k.management(serverId), k.eventStream(serverId)];
  }

  /**
   * `json` is the envelope with payload.seq = SEQ_PLACEHOLDER (a bare `"seq":` cannot occur inside
   * a JSON string, where quotes are escaped). Returns the seq given.
   */
  async add(json: string, type: string, player: string): Promise<number> {
    const at = json.indexOf(MARK);
    if (at < 0) throw new Error("management event without the seq placeholder");
    const args = [
      json.slice(0, at + '"seq":'.length),
      json.slice(at + MARK.length),
      type,
      player,
      this.streamMaxLen,
      Date.now(),
      this.serverId,
    ];
    return Number(await runScript(this.redis, ADD_MANAGEMENT_EVENT, this.keys, args));
  }
}

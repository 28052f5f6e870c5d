/**
 * Storage of management-protocol events. In: the envelope of one event split around its seq.
 * Out: the event in the server's Redis Stream with the next seq of this source, in one Lua script
 * (HINCRBY + XADD), so seq numbers are never reused. The source is live only: there is no position
 * to keep and nothing to replay.
 */

import type { RedisConnection } from "@mcp-bridge/shared";
import { redisKeys } from "@mcp-bridge/shared";
import { runScript, sha1 } from "../events/event-store.js";

// KEYS[1] seq hash, KEYS[2] stream; ARGV: before-seq, after-seq, type, player, maxLen, ingestedAt, serverId.
const ADD_LUA = `
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', 'event', ARGV[1] .. seq .. ARGV[2], 'type', ARGV[3],
  'player', ARGV[4], 'serverId', ARGV[7], 'ingestedAt', ARGV[6], 'origin', 'management')
return seq
`;
const ADD_SHA = sha1(ADD_LUA);

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
    return Number(await runScript(this.redis, ADD_LUA, ADD_SHA, this.keys, args));
  }
}

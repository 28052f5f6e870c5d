/**
 * What the bridge holding a server's lease says about that server (redisKeys.serverState, re-published
 * every few seconds with a TTL): whether RCON is logged in, the mode, and, when the bridge has given
 * up on the server until it is restarted (a refused RCON password), the error that says why.
 *
 * A producer reads it before queuing a job and refuses a server the bridge gave up on with that error
 * at once (AUTH_FAILED and what to fix) instead of queuing a job that nobody will run until the
 * bridge restarts. It refuses only NEW calls: jobs already queued stay queued and run once the bridge
 * is restarted with the right settings, so no accepted job is failed by a configuration mistake.
 */

import { z } from "zod";
import { BridgeError, ErrorPayloadSchema, redisKeys } from "../index.js";
import type { RedisConnection } from "../redis/connect.js";
import { guardRedis } from "./redis-guard.js";

export const ServerStateRecordSchema = z.object({
  rconConnected: z.boolean(),
  mode: z.enum(["mod", "vanilla"]).optional(),
  /** Set when the bridge will run no job of this server until it is restarted. */
  refusing: ErrorPayloadSchema.optional(),
  at: z.number().int(),
});
export type ServerStateRecord = z.infer<typeof ServerStateRecordSchema>;

/** A state read is reused this long, so a busy producer reads it about once a second per server. */
export const SERVER_STATE_FRESH_MS = 1000;

export class ServerStateReader {
  private readonly cache = new Map<string, { readAt: number; refusing: BridgeError | undefined }>();

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  /** Throws the bridge's refusal for this server, if it published one (e.g. AUTH_FAILED for RCON). */
  async assertAccepting(serverId: string): Promise<void> {
    const now = Date.now();
    let entry = this.cache.get(serverId);
    if (!entry || now - entry.readAt >= SERVER_STATE_FRESH_MS) {
      const raw = await guardRedis(this.redis, "reading the server's state", () =>
        this.redis.get(redisKeys(this.prefix).serverState(serverId)),
      );
      entry = { readAt: now, refusing: refusalOf(raw) };
      this.cache.set(serverId, entry);
    }
    if (entry.refusing) throw entry.refusing;
  }
}

function refusalOf(raw: string | null): BridgeError | undefined {
  if (raw === null) return undefined;
  let parsed: ReturnType<typeof ServerStateRecordSchema.safeParse>;
  try {
    parsed = ServerStateRecordSchema.safeParse(JSON.parse(raw));
  } catch {
    return undefined; // not ours to judge: the job is queued as usual
  }
  const refusing = parsed.success ? parsed.data.refusing : undefined;
  return refusing && BridgeError.fromPayload(refusing, { retryable: false });
}

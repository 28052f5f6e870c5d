/**
 * Single use of signed jobs. In: a parsed request (its id and its signed timestamp) and the BullMQ
 * job carrying it. Out: nothing when the job may run; JOB_EXPIRED when the envelope is older than
 * the maximum age (or dated further ahead than that: a wrong clock on the producer's host);
 * JOB_REPLAYED when another BullMQ job already claimed the request id.
 *
 * The claim is one Redis key per request id holding its owner, `<bullmq job id>@<job created at>`,
 * taken atomically (one Lua script: read, or set with an expiry) and kept at least as long as this
 * bridge would still accept the envelope. A copy of the job under a new job id (or re-added under
 * the old id after the original was removed) finds another owner and never runs, in mod mode and
 * vanilla mode alike; a BullMQ retry or stalled re-run of the SAME job finds its own claim and runs.
 * Only writes are claimed (the job processor): a read changes nothing and may run again.
 */
import { BridgeError, redisKeys, withScript } from "@mcp-bridge/shared";
import type { Redis } from "ioredis";

/** Extra claim lifetime beyond the envelope's acceptance window, for clock skew between bridges. */
export const CLAIM_MARGIN_MS = 60_000;

const CLAIM_SCRIPT = `
local owner = redis.call('GET', KEYS[1])
if owner then return owner end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`;

export interface ClaimedJob {
  /** The BullMQ job id. */
  id: string | undefined;
  /** When BullMQ created the job (ms); kept across retries and stalled re-runs. */
  timestamp: number;
}

export interface RequestClaimsOptions {
  redis: Redis;
  prefix: string;
  maxAgeMs: number;
  now?: () => number;
}

type ClaimCommands = {
  claimRequest(key: string, owner: string, ttlMs: string): Promise<unknown>;
};

export class RequestClaims {
  private readonly now: () => number;
  private readonly redis: Redis & ClaimCommands;

  constructor(private readonly options: RequestClaimsOptions) {
    this.now = options.now ?? Date.now;
    this.redis = withScript<ClaimCommands>(options.redis, "claimRequest", {
      numberOfKeys: 1,
      lua: CLAIM_SCRIPT,
    });
  }

  /** JOB_EXPIRED unless the envelope's timestamp is within the maximum age of now (either way). */
  checkAge(request: { id: string; timestamp: number }): void {
    const { maxAgeMs } = this.options;
    const ageMs = this.now() - request.timestamp;
    if (ageMs > maxAgeMs) {
      throw new BridgeError(
        "JOB_EXPIRED",
        `Request '${request.id}' was made ${Math.round(ageMs / 1000)} s ago, longer than the bridge's JOB_MAX_AGE_MS (${maxAgeMs} ms) allows, so it was not run (a queued job outlived an outage, or an old job was re-queued); check the game state and send the request again if it is still wanted`,
        { details: { ageMs, maxAgeMs } },
      );
    }
    if (-ageMs > maxAgeMs) {
      throw new BridgeError(
        "JOB_EXPIRED",
        `Request '${request.id}' is dated ${Math.round(-ageMs / 1000)} s in the future, more than the bridge's JOB_MAX_AGE_MS (${maxAgeMs} ms); the clocks of the MCP server's and the bridge's hosts disagree: fix them (NTP)`,
        { details: { ageMs, maxAgeMs } },
      );
    }
  }

  /** Claims the request id for this job, or throws JOB_REPLAYED when another job owns it. */
  async claim(request: { id: string; timestamp: number }, job: ClaimedJob): Promise<void> {
    const owner = `${job.id}@${job.timestamp}`;
    const { maxAgeMs } = this.options;
    // Until this bridge would refuse the envelope by age, plus a margin for other bridges' clocks.
    const ttlMs = Math.max(maxAgeMs, request.timestamp + maxAgeMs - this.now()) + CLAIM_MARGIN_MS;
    let current: unknown;
    try {
      current = await this.redis.claimRequest(
        redisKeys(this.options.prefix).requestClaim(request.id),
        owner,
        String(Math.ceil(ttlMs)),
      );
    } catch (error) {
      throw new BridgeError(
        "CONNECTION_ERROR",
        `Could not record request '${request.id}' in Redis before running it: ${(error as Error).message}`,
        { details: { sent: false }, cause: error },
      );
    }
    if (current !== owner) {
      throw new BridgeError(
        "JOB_REPLAYED",
        `Request '${request.id}' already ran as job '${String(current).replace(/@\d+$/, "")}'; this job '${job.id}' is a copy and is not run. Send a new request instead`,
        { details: { requestId: request.id, claimedBy: String(current), jobId: job.id } },
      );
    }
  }
}

/**
 * Single-flight reads: identical read calls in flight at the same time share one job, across
 * processes. The job is still a signed BullMQ job run by the bridge; only its copies are not made.
 * - Joining is BullMQ's own deduplication (`deduplication: {id}` on add, simple mode): the add
 *   script either adds the job and marks its flight id, or returns the job already in flight, in one
 *   round trip; the mark is removed in the same script that finishes the job, so a call after the
 *   job finished starts a new one. A producer that crashes after adding strands nobody: the job is
 *   in the queue and runs.
 * - A producer that got another's job id (a follower) puts its reply list into the job's waiters
 *   set (joinFlight); the bridge pushes the outcome to the job's own `replyTo` AND to every waiter in
 *   the script that replies (bridge/src/jobs/job-replies.ts). The join script reads the job first:
 *   a job already finished is answered from its hash, so no reply can fall between the two.
 * The flight id names the operation, the arguments (canonical JSON, hashed) and the calling client:
 * the bridge re-checks the permission of the job's signed client, so a job is shared only by calls
 * of that client (the queue, and so the server, is part of BullMQ's key).
 */
import { createHash } from "node:crypto";
import { canonicalJson, redisKeys } from "../job.js";
import { JOIN_FLIGHT } from "../lua/index.js";
import type { RedisConnection } from "../redis/connect.js";
import { runScript } from "../redis-script.js";

export function flightId(op: string, args: unknown, clientId: string): string {
  const hash = createHash("sha256")
    .update(canonicalJson({ op, args, client: clientId }))
    .digest("base64url");
  return `${op}:${hash}`;
}

/** A waiters set outlives any job wait (JOB_TIMEOUT_MS is capped far below it). */
const WAITERS_TTL_MS = 15 * 60_000;

export type JoinResult =
  | { state: "joined" }
  | { state: "gone" }
  | { state: "finished"; returnvalue: unknown; failedReason: string | undefined };

/** `jobKey`: the job's hash key (queue.toKey(jobId)) on server `serverId`'s queue. */
export async function joinFlight(
  redis: RedisConnection,
  prefix: string,
  serverId: string,
  jobKey: string,
  jobId: string,
  replyTo: string,
): Promise<JoinResult> {
  const keys = [jobKey, redisKeys(prefix).flightWaiters(serverId, jobId)];
  const [code, returnvalue, failedReason] = (await runScript(redis, JOIN_FLIGHT, keys, [
    replyTo,
    WAITERS_TTL_MS,
  ])) as [number, string?, string?];
  if (code === 0) return { state: "joined" };
  if (code === 2) return { state: "gone" };
  return {
    state: "finished",
    // BullMQ stores the return value as JSON; the reply list carries it parsed.
    returnvalue: returnvalue ? JSON.parse(returnvalue) : undefined,
    failedReason: failedReason || undefined,
  };
}

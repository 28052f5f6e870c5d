/**
 * The queue contract between the MCP server (producer) and the bridge (worker):
 * queue and key names, job data, and the HMAC signature that lets the bridge trust a job.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { BridgeError } from "./errors.js";
import { EnvelopeBaseSchema } from "./schemas/envelope.js";

export const ServerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 of [A-Za-z0-9_-]");

/** BullMQ forbids ':' in queue names, so the queue of server `s` is `commands-s`. */
export function commandQueueName(serverId: string): string {
  return `commands-${serverId}`;
}

/**
 * Every key of one Minecraft server carries the hash tag `{serverId}`, so a Redis Cluster keeps
 * them in one slot and each script touches one slot (docs/deployment.md). The BullMQ prefix of
 * server `s`'s queue is `<prefix>:{s}`: its keys are `<prefix>:{s}:commands-s:*`.
 */
export function queuePrefix(prefix: string, serverId: string): string {
  return `${prefix}:{${serverId}}`;
}

/** The NPC service's keys share the tag `{npc}`: its scripts move entries between them. */
const npcPrefix = (prefix: string) => `${prefix}:{npc}`;

/** Redis keys owned by this project, all under one prefix. */
export const redisKeys = (prefix: string) => ({
  eventStream: (serverId: string) => `${queuePrefix(prefix, serverId)}:events`,
  eventSession: (serverId: string) => `${queuePrefix(prefix, serverId)}:events-session`,
  /** Log-tail source: {file identity, byte offset, seq}, written in the same script as its XADDs. */
  logTail: (serverId: string) => `${queuePrefix(prefix, serverId)}:events-logtail`,
  /** Server Management Protocol source: {seq}. */
  management: (serverId: string) => `${queuePrefix(prefix, serverId)}:events-management`,
  /** Which event sources are active for a server and which types each delivers (JSON, with a TTL). */
  eventSources: (serverId: string) => `${queuePrefix(prefix, serverId)}:event-sources`,
  lease: (serverId: string) => `${queuePrefix(prefix, serverId)}:lease`,
  /** The lease holder's view of its server: RCON, mode, and why it refuses jobs (JSON, with a TTL). */
  serverState: (serverId: string) => `${queuePrefix(prefix, serverId)}:server-state`,
  /** The running bridge processes of a fleet (sorted set, score: when each one's announcement expires). */
  bridgeMembers: () => `${prefix}:bridge:members`,
  rate: (clientId: string) => `${prefix}:rate:${clientId}`,
  /** Which BullMQ job ran a request id (single use of signed jobs; see bridge/src/jobs/request-claims). */
  requestClaim: (requestId: string) => `${prefix}:request:${requestId}`,
  /** A producer's reply list: the bridge LPUSHes each finished job's outcome there (job data `replyTo`). */
  reply: (replyTo: string) => `${prefix}:reply:${replyTo}`,
  /** The reply lists of producers that joined a job in flight (single-flight reads, shared/src/queue/single-flight.ts). */
  flightWaiters: (serverId: string, jobId: string) =>
    `${queuePrefix(prefix, serverId)}:flight-waiters:${jobId}`,
  servers: () => `${prefix}:servers`,
  /** Hash of the NPCs the NPC service runs: id -> JSON {name, serverId} (for completions, tools). */
  npcRegistry: () => `${npcPrefix(prefix)}:registry`,
  /** An NPC's conversation history: a list of JSON entries, newest last (shared/src/npc-records.ts). */
  npcHistory: (npcId: string) => `${npcPrefix(prefix)}:history:${npcId}`,
  /** Which NPC service process owns an NPC (shared/src/lease.ts). */
  npcLease: (npcId: string) => `${npcPrefix(prefix)}:lease:${npcId}`,
  /** The running NPC processes (sorted set, score: when each one's announcement expires). */
  npcMembers: () => `${npcPrefix(prefix)}:members`,
  /** An NPC's inbox stream: the messages routed to it, read only by its owner. */
  npcInbox: (npcId: string) => `${npcPrefix(prefix)}:inbox:${npcId}`,
});

export const JobClientSchema = z.object({ id: z.string().min(1), role: z.string().min(1) });

export const JobDataSchema = z.object({
  serverId: ServerIdSchema,
  envelope: EnvelopeBaseSchema.loose(),
  client: JobClientSchema,
  /** Id of the producer's reply list (redisKeys.reply); signed, so a job cannot be redirected. */
  replyTo: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});
export type JobData = z.infer<typeof JobDataSchema>;
export type UnsignedJobData = Omit<JobData, "sig">;

/**
 * JSON with object keys sorted (UTF-16 code unit order), so both sides sign the same bytes.
 * Values that JSON cannot hold become `null`, object keys whose value is undefined are left out.
 * Written as one pass with string appends: it runs once per job on both sides of the queue.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = "{";
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined) continue;
    out += `${out.length === 1 ? "" : ","}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}

function hmac(data: UnsignedJobData, secret: string): string {
  const { serverId, envelope, client, replyTo } = data;
  // canonicalJson leaves out undefined keys: a job without replyTo signs as before it existed.
  return createHmac("sha256", secret)
    .update(canonicalJson({ serverId, envelope, client, replyTo }))
    .digest("hex");
}

export function signJob(data: UnsignedJobData, secret: string): JobData {
  return { ...data, sig: hmac(data, secret) };
}

/** Returns the job data when the signature is right; AUTH_FAILED (not retryable) otherwise. */
export function verifyJob(raw: unknown, secret: string): JobData {
  const parsed = JobDataSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BridgeError("AUTH_FAILED", "Job is unsigned or malformed; refusing to run it", {
      details: { reason: parsed.error.issues[0]?.message },
    });
  }
  const expected = Buffer.from(hmac(parsed.data, secret), "hex");
  if (!timingSafeEqual(expected, Buffer.from(parsed.data.sig, "hex"))) {
    throw new BridgeError(
      "AUTH_FAILED",
      "Job signature does not match: the job was signed with another JOB_SECRET than the bridge's (or forged); refusing it",
      { details: { credential: "job_secret" } },
    );
  }
  return parsed.data;
}

/** Fields of one Redis Stream entry of the event log (written by the bridge, read by MCP servers). */
export interface EventStreamEntry {
  /** The event envelope as ASCII JSON (payload.seq included). */
  event: string;
  type: string;
  player: string;
  serverId: string;
  /** When the bridge stored it (ms since epoch); minus the envelope timestamp = forwarding latency. */
  ingestedAt: string;
  /**
   * The source that delivered it (one of EVENT_SOURCES). Written by every source's script through one
   * writer (shared/src/lua/add-event.lua). Absent in entries of bridges older than that writer, where
   * only the mod's entries had none: ENTRY_WITHOUT_ORIGIN.
   */
  origin?: string;
}

/** The source of a stream entry that names none (written before every source named itself). */
export const ENTRY_WITHOUT_ORIGIN = "mod";

export interface JobRetentionOptions {
  attempts?: number;
  completedAgeS?: number;
  failedAgeS?: number;
}

/**
 * BullMQ options the producer gives every job. The bridge decides per failure whether a retry is
 * safe (writes: only when the command never reached the server or the mod's idempotency cache
 * covers it) and throws UnrecoverableError otherwise, so `attempts` is an upper bound.
 */
export function jobOptions(jobId: string, retention: JobRetentionOptions = {}) {
  const r = withRetentionDefaults(retention);
  return {
    jobId,
    attempts: r.attempts,
    backoff: { type: "exponential", delay: 250 },
    removeOnComplete: { age: r.completedAgeS, count: 10_000 },
    removeOnFail: { age: r.failedAgeS },
  } as const;
}

export const DEFAULT_JOB_RETENTION: Required<JobRetentionOptions> = {
  attempts: 5,
  completedAgeS: 3600,
  failedAgeS: 7 * 24 * 3600,
};

export function withRetentionDefaults(retention: JobRetentionOptions = {}): Required<JobRetentionOptions> {
  return {
    attempts: retention.attempts ?? DEFAULT_JOB_RETENTION.attempts,
    completedAgeS: retention.completedAgeS ?? DEFAULT_JOB_RETENTION.completedAgeS,
    failedAgeS: retention.failedAgeS ?? DEFAULT_JOB_RETENTION.failedAgeS,
  };
}

/** "90 seconds", "1 hour", "7 days": how long a retention age is, for messages. */
export function describeDuration(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "day"],
    [3600, "hour"],
    [60, "minute"],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${name}${n === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

/** How the bridge prefixes the error payload (details included) it writes to a failed job's log. */
export const ERROR_LOG_PREFIX = "error ";

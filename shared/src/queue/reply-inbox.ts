/**
 * A producer's own reply list (redisKeys.reply): the bridge LPUSHes the outcome of each job whose
 * signed data names it, and this process BRPOPs them on one blocking connection. So a process hears
 * only about its own jobs, instead of every process reading every job's events (QueueEvents).
 * In: a Redis connection to duplicate, the key prefix. Out: `onReply` for each message, in order.
 * Replies are a fast path, not the record: a lost one (Redis restart, a bridge that died between
 * finishing a job and replying) is found by the JobClient's sweep, which reads the job itself.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { redisKeys } from "../job.js";

/** What the bridge pushes: the job's return value, or its failedReason when it failed for good. */
export type ReplyMessage =
  | { jobId: string; ok: true; returnvalue: unknown }
  | { jobId: string; ok: false; failedReason: string };

export function parseReply(text: string): ReplyMessage | undefined {
  try {
    const m = JSON.parse(text) as Partial<ReplyMessage> & Record<string, unknown>;
    if (typeof m.jobId !== "string") return undefined;
    if (m.ok === true) return { jobId: m.jobId, ok: true, returnvalue: m.returnvalue };
    if (m.ok === false && typeof m.failedReason === "string")
      return { jobId: m.jobId, ok: false, failedReason: m.failedReason };
  } catch {
    // not ours; ignore
  }
  return undefined;
}

export class ReplyInbox {
  /** The id put in each job's signed data (`replyTo`). */
  readonly id = randomUUID();
  private readonly connection: Redis;
  private readonly key: string;
  private closed = false;
  private loop: Promise<void> | undefined;

  constructor(
    redis: Redis,
    prefix: string,
    private readonly onReply: (reply: ReplyMessage) => void,
  ) {
    this.key = redisKeys(prefix).reply(this.id);
    // Blocking reads need their own connection; ioredis retries them across reconnects.
    this.connection = redis.duplicate({ maxRetriesPerRequest: null });
    this.connection.on("error", () => undefined);
  }

  /** Starts listening (idempotent). */
  start(): void {
    this.loop ??= this.listen();
  }

  private async listen(): Promise<void> {
    while (!this.closed) {
      let popped: [string, string] | null;
      try {
        popped = await this.connection.brpop(this.key, 0);
      } catch {
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      const reply = popped ? parseReply(popped[1]) : undefined;
      if (reply) this.onReply(reply);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    // The BRPOP never returns by itself: drop the connection. The list expires on its own (the bridge sets a TTL).
    this.connection.disconnect();
    await this.loop?.catch(() => undefined);
  }
}

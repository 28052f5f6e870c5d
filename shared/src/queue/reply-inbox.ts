/**
 * A producer's own reply list (redisKeys.reply): the bridge LPUSHes the outcome of each job whose
 * signed data names it, and this process BRPOPs them on one blocking connection. So a process hears
 * only about its own jobs, instead of every process reading every job's events (QueueEvents).
 * In: a Redis connection to duplicate, the key prefix. Out: `onReply` for each message, in order
 * (each wake-up takes every reply waiting, see listen()).
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

  /**
   * One BRPOP waits for the first reply, then one MULTI takes every other reply already waiting
   * (LRANGE + DEL, atomic): two round trips per wake-up instead of one per reply, so a busy event
   * loop (each round trip waits for it) does not fall behind at hundreds of replies a second.
   */
  private async listen(): Promise<void> {
    while (!this.closed) {
      const texts: string[] = [];
      try {
        const popped = await this.connection.brpop(this.key, 0);
        if (popped) texts.push(popped[1]);
        const drained = await this.connection.multi().lrange(this.key, 0, -1).del(this.key).exec();
        const rest = (drained?.[0]?.[1] ?? []) as string[];
        // LPUSHed: the newest is first, so the oldest waiting reply is the list's last element.
        for (let i = rest.length - 1; i >= 0; i--) texts.push(rest[i]!);
      } catch {
        if (this.closed) return;
        if (texts.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
      }
      for (const text of texts) {
        const reply = parseReply(text);
        if (reply) this.onReply(reply);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    // The BRPOP never returns by itself: drop the connection. The list expires on its own (the bridge sets a TTL).
    this.connection.disconnect();
    await this.loop?.catch(() => undefined);
  }
}

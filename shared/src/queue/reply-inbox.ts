/**
 * A producer's own reply list (redisKeys.reply): the bridge LPUSHes the outcome of each job whose
 * signed data names it, and this process pops them on one blocking connection. So a process hears
 * only about its own jobs, instead of every process reading every job's events (QueueEvents).
 * In: a Redis connection to duplicate, the key prefix. Out: `onReply` for each message, in order
 * (each wake-up takes every reply waiting, see listen()).
 * Replies are a fast path, not the record: a lost one (Redis restart, a bridge that died between
 * finishing a job and replying) is found by the JobClient's sweep, which reads the job itself.
 */
import { randomUUID } from "node:crypto";
import { redisKeys } from "../job.js";
import { duplicateRedis, type RedisConnection } from "../redis/connect.js";

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

/** Most replies one BLMPOP takes; more stay for the next one. */
const DRAIN_MAX = 1000;

export class ReplyInbox {
  /** The id put in each job's signed data (`replyTo`). */
  readonly id = randomUUID();
  private readonly connection: RedisConnection;
  private readonly key: string;
  private closed = false;
  private loop: Promise<void> | undefined;
  /** BLMPOP exists (Redis >= 7.0); cleared at the first "unknown command". */
  private blmpop = true;

  constructor(
    redis: RedisConnection,
    prefix: string,
    private readonly onReply: (reply: ReplyMessage) => void,
  ) {
    this.key = redisKeys(prefix).reply(this.id);
    // Blocking reads need their own connection; ioredis retries them across reconnects.
    this.connection = duplicateRedis(redis, { maxRetriesPerRequest: null });
    this.connection.on("error", () => undefined);
  }

  /** Starts listening (idempotent). */
  start(): void {
    this.loop ??= this.listen();
  }

  /**
   * One BLMPOP (Redis 7) waits for the first reply and takes every other one already waiting: one
   * round trip per wake-up, however many replies, so a busy event loop does not fall behind at
   * hundreds of replies a second. Older Redis: one BRPOP, then one MULTI (LRANGE + DEL) for the rest.
   */
  private async listen(): Promise<void> {
    while (!this.closed) {
      let texts: string[] = [];
      try {
        texts = this.blmpop ? await this.popAll() : await this.popThenDrain(texts);
      } catch (error) {
        if (this.closed) return;
        if (this.blmpop && /unknown command/i.test((error as Error).message)) {
          this.blmpop = false;
          continue;
        }
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

  /** Oldest first: replies are LPUSHed, so the list's tail (RIGHT) is the oldest. */
  private async popAll(): Promise<string[]> {
    const popped = (await this.connection.blmpop(0, 1, this.key, "RIGHT", "COUNT", DRAIN_MAX)) as
      | [string, string[]]
      | null;
    return popped?.[1] ?? [];
  }

  /** `texts` collects what was popped, so a failure after the BRPOP loses no reply. */
  private async popThenDrain(texts: string[]): Promise<string[]> {
    const popped = await this.connection.brpop(this.key, 0);
    if (popped) texts.push(popped[1]);
    const drained = await this.connection.multi().lrange(this.key, 0, -1).del(this.key).exec();
    const rest = (drained?.[0]?.[1] ?? []) as string[];
    for (let i = rest.length - 1; i >= 0; i--) texts.push(rest[i]!);
    return texts;
  }

  async close(): Promise<void> {
    this.closed = true;
    // The BRPOP never returns by itself: drop the connection. The list expires on its own (the bridge sets a TTL).
    this.connection.disconnect();
    await this.loop?.catch(() => undefined);
  }
}

/**
 * One NPC's waiting messages: bounded (the lowest priority is
 * dropped and counted), batched (the first message opens a window of `batchDelayMs`, counted from
 * when it was stored: see batchWait; everything that arrives in it is answered together), highest
 * priority first. Pure: time comes from the caller, the timer lives in the scheduler.
 */
import { type IncomingMessage, priorityOf, storedAt, type Weights } from "./message.js";

/**
 * How long the batch a message opens waits, when it arrives `lateMs` after it was stored. While
 * ingestion keeps up (late by at most half the delay) the delay counts from when it was stored, so
 * routing time is not added to it and messages that arrive together (one late read) keep the
 * windows their storing times gave them instead of firing together. A later message (the process
 * is behind, or it was redelivered after a restart) waits as long as it was late, at most the full
 * delay, so batches still collect what follows. Never less than half the delay; a negative
 * lateness (this host's clock behind Redis's) counts as none.
 */
function batchWait(delayMs: number, lateMs: number): number {
  const late = Math.max(0, lateMs);
  return late <= delayMs / 2 ? delayMs - late : Math.min(late, delayMs);
}

export interface QueueSettings {
  maxQueueSize: number;
  batchDelayMs: number;
  radius: number;
  /** Weights by sender (default: the seed's 10/5/1). */
  weights?: Weights;
}

interface Waiting {
  message: IncomingMessage;
  enqueuedAt: number;
  order: number;
}

export interface EnqueueResult {
  /** The message that was dropped to stay within the bound (possibly the new one). */
  dropped?: IncomingMessage;
  /** When the batch that holds this message becomes due (ms since epoch). */
  dueAt: number;
}

export class ConversationQueue {
  private waiting: Waiting[] = [];
  private order = 0;
  private due: number | undefined;

  constructor(private settings: QueueSettings) {}

  update(settings: QueueSettings): void {
    this.settings = settings;
  }

  get size(): number {
    return this.waiting.length;
  }

  enqueue(message: IncomingMessage, now: number): EnqueueResult {
    this.due ??= now + batchWait(this.settings.batchDelayMs, now - (storedAt(message) ?? now));
    this.waiting.push({ message, enqueuedAt: now, order: this.order++ });
    let dropped: IncomingMessage | undefined;
    if (this.waiting.length > this.settings.maxQueueSize) {
      const lowest = this.sorted(now).at(-1)!;
      this.waiting = this.waiting.filter((w) => w !== lowest);
      dropped = lowest.message;
    }
    return { dropped, dueAt: this.dueAt() ?? now };
  }

  /** When the current batch is due, or undefined when nothing waits. */
  dueAt(): number | undefined {
    return this.due;
  }

  /** Takes every waiting message, highest priority first (ties: oldest first); empty before due. */
  takeBatch(now: number): IncomingMessage[] {
    const due = this.dueAt();
    if (due === undefined || now < due) return [];
    const batch = this.sorted(now).map((w) => w.message);
    this.waiting = [];
    this.due = undefined;
    return batch;
  }

  has(id: string): boolean {
    return this.waiting.some((w) => w.message.id === id);
  }

  /** Takes the waiting messages with these ids (highest priority first), whether due or not. */
  takeOnly(ids: ReadonlySet<string>, now: number): IncomingMessage[] {
    const taken = this.sorted(now).filter((w) => ids.has(w.message.id));
    this.waiting = this.waiting.filter((w) => !ids.has(w.message.id));
    if (this.waiting.length === 0) this.due = undefined;
    return taken.map((w) => w.message);
  }

  private sorted(now: number): Waiting[] {
    const { radius, weights } = this.settings;
    return [...this.waiting]
      .map((w) => ({ w, p: priorityOf(w.message, radius, now, w.enqueuedAt, weights) }))
      .sort((a, b) => b.p - a.p || a.w.order - b.w.order)
      .map(({ w }) => w);
  }
}

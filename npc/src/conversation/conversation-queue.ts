/**
 * One NPC's waiting messages: bounded (the lowest priority is
 * dropped and counted), batched (the first message opens a window of `batchDelayMs`; everything
 * that arrives in it is answered together), highest priority first. Pure: time comes from the
 * caller, the timer lives in the scheduler.
 */
import { type IncomingMessage, priorityOf } from "./message.js";

export interface QueueSettings {
  maxQueueSize: number;
  batchDelayMs: number;
  radius: number;
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
  private windowOpenedAt: number | undefined;

  constructor(private settings: QueueSettings) {}

  update(settings: QueueSettings): void {
    this.settings = settings;
  }

  get size(): number {
    return this.waiting.length;
  }

  enqueue(message: IncomingMessage, now: number): EnqueueResult {
    this.windowOpenedAt ??= now;
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
    return this.windowOpenedAt === undefined ? undefined : this.windowOpenedAt + this.settings.batchDelayMs;
  }

  /** Takes every waiting message, highest priority first (ties: oldest first); empty before due. */
  takeBatch(now: number): IncomingMessage[] {
    const due = this.dueAt();
    if (due === undefined || now < due) return [];
    const batch = this.sorted(now).map((w) => w.message);
    this.waiting = [];
    this.windowOpenedAt = undefined;
    return batch;
  }

  has(id: string): boolean {
    return this.waiting.some((w) => w.message.id === id);
  }

  /** Takes the waiting messages with these ids (highest priority first), whether due or not. */
  takeOnly(ids: ReadonlySet<string>, now: number): IncomingMessage[] {
    const taken = this.sorted(now).filter((w) => ids.has(w.message.id));
    this.waiting = this.waiting.filter((w) => !ids.has(w.message.id));
    if (this.waiting.length === 0) this.windowOpenedAt = undefined;
    return taken.map((w) => w.message);
  }

  private sorted(now: number): Waiting[] {
    const radius = this.settings.radius;
    return [...this.waiting]
      .map((w) => ({ w, p: priorityOf(w.message, radius, now, w.enqueuedAt) }))
      .sort((a, b) => b.p - a.p || a.w.order - b.w.order)
      .map(({ w }) => w);
  }
}

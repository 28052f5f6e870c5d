/** Token buckets per key (per NPC, per player): `capacity` tokens, refilled at `perMinute`. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly perMinute: number,
  ) {}

  /** Takes one token for `key`; false when its bucket is empty. */
  take(key: string, now: number): boolean {
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    b.tokens = Math.min(this.capacity, b.tokens + ((now - b.at) * this.perMinute) / 60_000);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    if (this.buckets.size > 10_000) this.forgetFull(now);
    return true;
  }

  private forgetFull(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) * this.perMinute) / 60_000 >= this.capacity) this.buckets.delete(key);
    }
  }
}

/**
 * A global cap on concurrent LLM calls. A freed slot goes first to an `urgent` waiter (the next call of
 * a turn already under way: the answer after its tool results), then to the others in arrival order,
 * so that under a burst the turns begun finish before new ones start, instead of every turn's last
 * call waiting behind every other turn's first.
 */
export class Semaphore {
  private active = 0;
  private readonly waiters: (() => void)[] = [];
  private readonly urgent: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  get inUse(): number {
    return this.active;
  }

  async run<T>(task: () => Promise<T>, urgent = false): Promise<T> {
    if (this.active >= this.limit)
      await new Promise<void>((resolve) => (urgent ? this.urgent : this.waiters).push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.urgent.shift() ?? this.waiters.shift();
      if (next) next();
      else this.active--;
    }
  }
}

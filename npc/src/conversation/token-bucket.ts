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

/** A global cap on concurrent LLM calls. */
export class Semaphore {
  private active = 0;
  private readonly waiters: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  get inUse(): number {
    return this.active;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiters.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.active--;
    }
  }
}

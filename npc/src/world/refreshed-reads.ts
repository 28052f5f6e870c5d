/**
 * Game readings kept per key for the NPCs' prompts: a stale reading answers at once while one new
 * read runs in the background; a key is read at most once per TTL (failed reads too, so a server
 * that cannot answer is not asked again at every message); only a key's very first answer waits for
 * its read, and at most `firstWaitMs`.
 */
export class RefreshedReads<T> {
  private readonly values = new Map<string, T>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly tried = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly firstWaitMs: number,
  ) {}

  /** The key's last reading (undefined: none yet, or `read` gave none in time). `read` never throws. */
  async get(key: string, now: number, read: () => Promise<T | undefined>): Promise<T | undefined> {
    let task = this.running.get(key);
    if (!task && now - (this.tried.get(key) ?? Number.NEGATIVE_INFINITY) >= this.ttlMs) {
      this.tried.set(key, now);
      task = read()
        .then((value) => {
          if (value !== undefined) this.values.set(key, value);
        })
        .finally(() => this.running.delete(key));
      this.running.set(key, task);
    }
    const last = this.values.get(key);
    if (last !== undefined || !task) return last;
    await Promise.race([task, new Promise((r) => setTimeout(r, this.firstWaitMs).unref())]);
    return this.values.get(key);
  }

  /** Drops a key's reading (an NPC that moved or was removed). */
  forget(key: string): void {
    this.values.delete(key);
    this.tried.delete(key);
  }
}

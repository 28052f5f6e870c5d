/**
 * Shares a set of things (Minecraft servers among bridges, NPCs among NPC processes) among the
 * processes that run them: one Redis lease per thing (./lease.ts), so each has exactly one owner and
 * a dead owner's things pass to the survivors once their leases lapse. Each process announces itself
 * in a sorted set (score: when its announcement expires) every third of the TTL and reads the live
 * members from it. Quotas are exact: with N things and M members, the members in sorted order get
 * floor(N/M) each, the first N mod M one more, so the quotas add up to N and the spread is at most 1
 * once settled. A process takes a free thing only below its quota (counting the attempts under way;
 * after an announcement that left room it tries the free leases at once, not at their next tick)
 * and hands over what it holds above it (after the thing's work in flight: `handOver`), but only
 * when the excess was seen on two announcements in a row: a member that just joined or died is seen
 * by the processes a moment apart, and a handover on the first sight would bounce things around.
 * Every process must be given the same things (the same servers file): the quotas assume it.
 */
import { randomUUID } from "node:crypto";
import { Lease } from "./lease.js";
import type { Logger } from "./logger.js";
import type { RedisConnection } from "./redis/connect.js";

export interface LeaseGroupOptions {
  redis: RedisConnection;
  /** The sorted set of live members. */
  membersKey: string;
  /** The lease key of one thing. */
  leaseKey: (id: string) => string;
  ttlMs: number;
  /** This process's name in the lease values and its member entry; a random suffix is added. */
  ownerName: string;
  logger: Logger;
  /** What one thing is, for log lines ("server s1", "NPC bob"). */
  what: (id: string) => string;
  onAcquired(id: string): Promise<void>;
  onLost(id: string, reason: string): Promise<void>;
  /** Before a thing is handed over to share the work: finish what is in flight. */
  handOver(id: string): Promise<void>;
  /** Told after every announcement: the live members seen and this process's quota. */
  onShare?(share: { members: number; quota: number; owned: number }): void;
}

/** floor(N/M) for every member, one more for the first N mod M in sorted order (pure, for tests). */
export function quotaOf(things: number, members: readonly string[], self: string): number {
  const sorted = [...members].sort();
  const count = Math.max(1, sorted.length);
  const index = Math.max(0, sorted.indexOf(self));
  return Math.floor(things / count) + (index < things % count ? 1 : 0);
}

export class LeaseGroup {
  private readonly leases = new Map<string, Lease>();
  private readonly member: string;
  private members: string[];
  /** Things whose free lease this process is trying to take right now (they count toward its quota). */
  private readonly attempting = new Set<string>();
  /** Announcements in a row that found this process above its quota. */
  private excessSeen = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: LeaseGroupOptions) {
    this.member = `${options.ownerName}:${process.pid}:${randomUUID()}`;
    this.members = [this.member];
  }

  private get interval(): number {
    return Math.max(50, Math.floor(this.options.ttlMs / 3));
  }

  /** Announces this process, then keeps announcing it and balancing every third of the TTL. */
  async start(): Promise<void> {
    await this.announce();
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.announce()
          .then(() => this.balance())
          .then(() => this.fill())
          .catch((error: Error) => this.options.logger.warn({ err: error.message }, "lease sharing failed"))
          .finally(() => !this.closed && tick());
      }, this.interval);
      this.timer.unref();
    };
    tick();
  }

  /** Starts competing for things that are new; gives up (releases) the ones no longer listed. */
  async sync(ids: readonly string[]): Promise<void> {
    const wanted = new Set(ids);
    for (const [id, lease] of this.leases) {
      if (wanted.has(id)) continue;
      this.leases.delete(id);
      await lease.stop(`${this.options.what(id)} is no longer listed`);
    }
    for (const id of wanted) {
      if (this.leases.has(id)) continue;
      const { redis, leaseKey, ttlMs, ownerName, logger } = this.options;
      const lease = new Lease({
        redis,
        key: leaseKey(id),
        ttlMs,
        ownerName,
        what: this.options.what(id),
        logger,
        mayAcquire: () => this.mayAcquire(id),
        onNotAcquired: () => this.attempting.delete(id),
        onAcquired: () => {
          this.attempting.delete(id);
          return this.options.onAcquired(id);
        },
        onLost: (reason) => this.options.onLost(id, reason),
      });
      this.leases.set(id, lease);
      lease.start();
    }
  }

  owns(id: string): boolean {
    return this.leases.get(id)?.held ?? false;
  }

  owned(): string[] {
    return [...this.leases].filter(([, lease]) => lease.held).map(([id]) => id);
  }

  /** How many things this process should own now. */
  quota(): number {
    return quotaOf(this.leases.size, this.members, this.member);
  }

  /**
   * Whether to try for a free thing: only below the quota, counting the attempts under way (every
   * lease of a starting process tries at once; without them it would take them all).
   */
  private mayAcquire(id: string): boolean {
    if (this.closed || this.owned().length + this.attempting.size >= this.quota()) return false;
    this.attempting.add(id);
    setTimeout(() => this.attempting.delete(id), this.interval).unref();
    return true;
  }

  private async announce(): Promise<void> {
    const now = Date.now();
    const result = await this.options.redis
      .multi()
      .zadd(this.options.membersKey, now + this.options.ttlMs, this.member)
      .zremrangebyscore(this.options.membersKey, "-inf", now)
      .zrange(this.options.membersKey, 0, -1)
      .exec();
    const members = result?.[2]?.[1];
    this.members = Array.isArray(members) && members.length > 0 ? (members as string[]) : [this.member];
    this.options.onShare?.({ members: this.members.length, quota: this.quota(), owned: this.owned().length });
  }

  /** Hands over what is above the quota, once the excess has been seen twice in a row. */
  private async balance(): Promise<void> {
    const excess = this.owned().slice(this.quota());
    this.excessSeen = excess.length > 0 ? this.excessSeen + 1 : 0;
    if (this.excessSeen < 2) return;
    this.excessSeen = 0;
    for (const id of excess) {
      const lease = this.leases.get(id);
      if (!lease || this.closed) continue;
      this.options.logger.info(
        { thing: id, members: this.members.length, quota: this.quota() },
        `handing ${this.options.what(id)} over to share the work`,
      );
      await this.options.handOver(id);
      await lease.stop("handed over to share the work");
      if (this.leases.get(id) === lease && !this.closed) lease.start();
    }
  }

  /**
   * Below the quota (a member died or left, or this process just started), tries the leases it does
   * not hold one after the other until the quota is reached: a free one is taken at once instead of
   * at its next tick. One SET NX per lease tried, only while there is room.
   */
  private async fill(): Promise<void> {
    for (const [id, lease] of this.leases) {
      if (this.closed || this.owned().length >= this.quota()) return;
      if (!lease.held && !this.attempting.has(id)) await lease.poke();
    }
  }

  /** Releases everything (onLost first) and leaves the members, so the others take over at once. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    // Leave first: the others' quotas grow on their next announcement, in time for the releases.
    await this.options.redis.zrem(this.options.membersKey, this.member).catch(() => undefined);
    const leases = [...this.leases.values()];
    this.leases.clear();
    await Promise.all(leases.map((lease) => lease.stop()));
  }
}

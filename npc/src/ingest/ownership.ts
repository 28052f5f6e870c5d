/**
 * Which NPCs this process owns: one Redis lease per NPC (shared/src/lease.ts, key
 * redisKeys.npcLease), so each NPC has exactly one owner among the running NPC processes and a dead
 * owner's NPCs pass to the others within about one lease TTL. The processes share the NPCs: each
 * announces itself in a sorted set (score: when its announcement expires), takes a free NPC only
 * while it owns fewer than its share (the defined NPCs over the live processes, rounded up) and
 * hands NPCs over above it (after their batch in flight). In: the defined NPC ids (sync). Out:
 * onAcquired / onLost / handOver per NPC (docs/architecture.md, "NPC ownership").
 */
import { randomUUID } from "node:crypto";
import { Lease, redisKeys } from "@mcp-bridge/shared";
import type { Redis } from "ioredis";
import type { Logger } from "pino";

export interface OwnershipOptions {
  redis: Redis;
  prefix: string;
  ttlMs: number;
  /** This process's name in the lease values (its consumer name). */
  ownerName: string;
  logger: Logger;
  onAcquired(npcId: string): Promise<void>;
  onLost(npcId: string): Promise<void>;
  /** Before an NPC is handed over to balance the work: finish what is in flight. */
  handOver(npcId: string): Promise<void>;
}

export class Ownership {
  private readonly leases = new Map<string, Lease>();
  private readonly member: string;
  private readonly membersKey: string;
  private members = 1;
  /** NPCs whose free lease this process is trying to take right now (they count toward its share). */
  private readonly attempting = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: OwnershipOptions) {
    this.member = `${options.ownerName}:${process.pid}:${randomUUID()}`;
    this.membersKey = redisKeys(options.prefix).npcMembers();
  }

  /** Announces this process, then keeps announcing it and balancing every third of the TTL. */
  async start(): Promise<void> {
    await this.announce();
    const tick = () => {
      this.timer = setTimeout(
        () => {
          void this.announce()
            .then(() => this.balance())
            .catch((error: Error) => this.options.logger.warn({ err: error.message }, "NPC sharing failed"))
            .finally(() => !this.closed && tick());
        },
        Math.max(50, Math.floor(this.options.ttlMs / 3)),
      );
      this.timer.unref();
    };
    tick();
  }

  /** Starts competing for NPCs that are new; gives up (releases) the ones no longer defined. */
  async sync(ids: string[]): Promise<void> {
    const wanted = new Set(ids);
    for (const [id, lease] of this.leases) {
      if (wanted.has(id)) continue;
      this.leases.delete(id);
      await lease.stop("the NPC was removed from the definitions");
    }
    for (const id of wanted) {
      if (this.leases.has(id)) continue;
      const { redis, prefix, ttlMs, ownerName, logger } = this.options;
      const lease = new Lease({
        redis,
        key: redisKeys(prefix).npcLease(id),
        ttlMs,
        ownerName,
        what: `NPC ${id}`,
        logger: logger.child({ npc: id }),
        mayAcquire: () => this.mayAcquire(id),
        onAcquired: () => {
          this.attempting.delete(id);
          return this.options.onAcquired(id);
        },
        onLost: () => this.options.onLost(id),
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

  /**
   * Whether to try for a free NPC: only below this process's share, counting the attempts under way
   * (every lease of a starting process tries at once; without them it would take them all).
   */
  private mayAcquire(id: string): boolean {
    if (this.owned().length + this.attempting.size >= this.share()) return false;
    this.attempting.add(id);
    setTimeout(() => this.attempting.delete(id), Math.max(50, this.options.ttlMs / 3)).unref();
    return true;
  }

  /** How many NPCs this process should own: all of them over the live processes, rounded up. */
  private share(): number {
    return Math.ceil(this.leases.size / Math.max(1, this.members));
  }

  private async announce(): Promise<void> {
    const now = Date.now();
    const result = await this.options.redis
      .multi()
      .zadd(this.membersKey, now + this.options.ttlMs, this.member)
      .zremrangebyscore(this.membersKey, "-inf", now)
      .zcard(this.membersKey)
      .exec();
    this.members = Math.max(1, Number(result?.[2]?.[1] ?? 1));
  }

  /** Hands over the NPCs above this process's share (they rejoin the competition at once). */
  private async balance(): Promise<void> {
    const excess = this.owned().slice(this.share());
    for (const id of excess) {
      const lease = this.leases.get(id);
      if (!lease || this.closed) continue;
      this.options.logger.info({ npc: id, members: this.members }, "handing an NPC over to share the work");
      await this.options.handOver(id);
      await lease.stop("handed over to share the work");
      if (this.leases.get(id) === lease && !this.closed) lease.start();
    }
  }

  /** Releases every NPC (onLost first), so other processes take them over at once. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const leases = [...this.leases.values()];
    this.leases.clear();
    await Promise.all(leases.map((lease) => lease.stop()));
    await this.options.redis.zrem(this.membersKey, this.member).catch(() => undefined);
  }
}

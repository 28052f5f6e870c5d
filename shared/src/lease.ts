/**
 * A Redis lease that gives one thing to exactly one process at a time: a Minecraft server to one
 * bridge (bridge/src/servers/server-runtime.ts), an NPC to one NPC service (npc/src/ingest/ownership.ts).
 * Acquire: SET key token NX PX ttl. Renew/release: Lua scripts that act only while the key still
 * holds our token. The holder also keeps a local deadline: if Redis cannot be reached to renew
 * before the lease would expire there, it declares the lease lost itself, so it never acts on a
 * lapsed lease while another process may already own the thing.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "./logger.js";
import { RELEASE_LEASE, RENEW_LEASE } from "./lua/index.js";
import type { RedisConnection } from "./redis/connect.js";
import { runScript } from "./redis-script.js";

export interface LeaseOptions {
  redis: RedisConnection;
  key: string;
  ttlMs: number;
  logger: Logger;
  /** Called once the lease is ours; the lease is held while it runs. */
  onAcquired: () => Promise<void>;
  /** Called when the lease is lost or released; must stop using the server at once. */
  onLost: (reason: string) => Promise<void>;
  /** Identifies this process in the lease value (for operators); a random suffix is added. */
  ownerName?: string;
  /** What the lease gives, for the log lines ("the server", "NPC bob"). */
  what?: string;
  /**
   * Asked before each attempt to take the lease while nobody holds it: a process that shares the
   * work with others (the NPC service) says no when it already holds its share. Default: yes.
   */
  mayAcquire?: () => boolean;
  /** Called when an attempt that mayAcquire allowed found the lease held by another process. */
  onNotAcquired?: () => void;
}

export async function tryAcquire(
  redis: RedisConnection,
  key: string,
  token: string,
  ttlMs: number,
): Promise<boolean> {
  return (await redis.set(key, token, "PX", ttlMs, "NX")) === "OK";
}

export async function renewLease(
  redis: RedisConnection,
  key: string,
  token: string,
  ttlMs: number,
): Promise<boolean> {
  return Number(await runScript(redis, RENEW_LEASE, [key], [token, String(ttlMs)])) === 1;
}

export async function releaseLease(redis: RedisConnection, key: string, token: string): Promise<boolean> {
  return Number(await runScript(redis, RELEASE_LEASE, [key], [token])) === 1;
}

export class Lease {
  readonly token: string;
  private heldUntil = 0;
  private holding = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** Serialises transitions so acquire/lose callbacks never overlap. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: LeaseOptions) {
    this.token = `${options.ownerName ?? "process"}:${process.pid}:${randomUUID()}`;
  }

  private get what(): string {
    return this.options.what ?? "the server";
  }

  get held(): boolean {
    return this.holding && Date.now() < this.heldUntil;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Tries to take the lease now instead of at the next tick (a LeaseGroup whose quota just grew:
   * a dead member's leases are taken as soon as they lapse, not up to a tick later).
   */
  poke(): Promise<void> {
    if (this.stopped || this.holding) return Promise.resolve();
    return this.transition(() => this.tick());
  }

  /** Stops trying, lets go of the lease (onLost runs first) and deletes it so a standby takes over now. */
  async stop(reason = "released on shutdown"): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.transition(async () => {
      if (!this.holding) return;
      await this.lose(reason);
      await releaseLease(this.options.redis, this.options.key, this.token).catch(() => false);
    });
  }

  private get interval(): number {
    return Math.max(50, Math.floor(this.options.ttlMs / 3));
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.transition(() => this.tick()).finally(() => this.schedule(this.interval));
    }, delay);
  }

  private transition(step: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(step).catch((error) => {
      this.options.logger.error({ err: error }, "lease step failed");
    });
    return this.chain;
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    const { redis, key, ttlMs, logger } = this.options;
    const started = Date.now();
    if (this.holding) {
      // Renewing is always safe: it succeeds only while the key still holds our token, and then
      // nobody else can hold it. The local deadline only matters when Redis cannot be reached.
      const renewed = await renewLease(redis, key, this.token, ttlMs).catch((error) => {
        logger.warn({ err: error, key }, "lease renewal failed; will retry until the lease expires");
        return undefined;
      });
      if (renewed === true) this.heldUntil = started + ttlMs;
      else if (renewed === false) await this.lose("the lease lapsed or another process holds it");
      else if (Date.now() >= this.heldUntil) await this.lose("lease expired while Redis was unreachable");
      return;
    }
    if (this.options.mayAcquire && !this.options.mayAcquire()) return;
    const acquired = await tryAcquire(redis, key, this.token, ttlMs).catch((error) => {
      logger.warn({ err: error, key }, "lease acquisition failed (Redis unreachable?)");
      return false;
    });
    if (!acquired) this.options.onNotAcquired?.();
    if (!acquired || this.stopped) {
      if (acquired) await releaseLease(redis, key, this.token).catch(() => false);
      return;
    }
    this.holding = true;
    this.heldUntil = started + ttlMs;
    logger.info({ key, ttlMs }, `lease acquired: this process now owns ${this.what}`);
    try {
      await this.options.onAcquired();
    } catch (error) {
      logger.error({ err: error, key }, `taking over ${this.what} failed; giving the lease back`);
      await this.lose("start failed");
      await releaseLease(redis, key, this.token).catch(() => false);
    }
  }

  private async lose(reason: string): Promise<void> {
    if (!this.holding) return;
    this.holding = false;
    this.heldUntil = 0;
    this.options.logger.warn({ key: this.options.key, reason }, `lease lost: stopping work for ${this.what}`);
    await this.options.onLost(reason);
  }
}

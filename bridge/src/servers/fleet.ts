/**
 * The servers this bridge process runs out of the fleet's (every bridge is given the same list):
 * a LeaseGroup (shared/src/lease-group.ts) over the server leases (redisKeys.lease), members in
 * redisKeys.bridgeMembers. Each bridge owns its exact quota of the servers (spread at most 1 once
 * settled), stands by for the others, takes over a dead bridge's servers when their leases lapse,
 * and hands servers over gracefully (active jobs finish first) when a bridge joins. A single bridge
 * is a fleet of one: it owns everything.
 */

import type { RedisConnection } from "@mcp-bridge/shared";
import { LeaseGroup, type Logger, redisKeys } from "@mcp-bridge/shared";
import type { BridgeMetrics } from "../ops/index.js";
import type { ServerRuntime } from "./server-runtime.js";

export interface FleetOptions {
  redis: RedisConnection;
  prefix: string;
  ttlMs: number;
  ownerName: string;
  logger: Logger;
  metrics: Pick<
    BridgeMetrics,
    "fleetBridges" | "serversOwned" | "serversQuota" | "leaseHeld" | "leaseChanges"
  >;
}

export class Fleet {
  private readonly group: LeaseGroup;
  private readonly runtimes = new Map<string, ServerRuntime>();

  constructor(options: FleetOptions) {
    const { metrics } = options;
    const keys = redisKeys(options.prefix);
    const runtime = (id: string) => {
      const found = this.runtimes.get(id);
      if (!found) throw new Error(`no runtime for server '${id}'`);
      return found;
    };
    this.group = new LeaseGroup({
      redis: options.redis,
      membersKey: keys.bridgeMembers(),
      leaseKey: keys.lease,
      ttlMs: options.ttlMs,
      ownerName: options.ownerName,
      logger: options.logger,
      what: (id) => `server ${id}`,
      onAcquired: async (id) => {
        metrics.leaseChanges.inc({ event: "acquired" });
        metrics.leaseHeld.set({ serverId: id }, 1);
        await runtime(id).acquire();
        metrics.serversOwned.set(this.group.owned().length);
      },
      onLost: async (id, reason) => {
        metrics.leaseChanges.inc({ event: "released" });
        metrics.leaseHeld.set({ serverId: id }, 0);
        await runtime(id).release(reason);
        metrics.serversOwned.set(this.group.owned().length);
      },
      handOver: async (id) => {
        metrics.leaseChanges.inc({ event: "handed_over" });
        runtime(id).prepareRelease();
      },
      onShare: ({ members, quota, owned }) => {
        metrics.fleetBridges.set(members);
        metrics.serversQuota.set(quota);
        metrics.serversOwned.set(owned);
      },
    });
  }

  owns(serverId: string): boolean {
    return this.group.owns(serverId);
  }

  async start(runtimes: readonly ServerRuntime[]): Promise<void> {
    for (const r of runtimes) this.runtimes.set(r.serverId, r);
    await this.group.start();
    await this.group.sync(runtimes.map((r) => r.serverId));
  }

  /** Graceful: every owned server finishes its active jobs, then its lease is released. */
  async stop(): Promise<void> {
    for (const r of this.runtimes.values()) r.prepareRelease();
    await this.group.close();
  }
}

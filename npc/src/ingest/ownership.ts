/**
 * Which NPCs this process owns: the NPCs shared among the running NPC processes by a LeaseGroup
 * (shared/src/lease-group.ts): one Redis lease per NPC (redisKeys.npcLease), members in
 * redisKeys.npcMembers, so each NPC has exactly one owner and a dead owner's NPCs pass to the others
 * within about one lease TTL; an NPC handed over to balance the work finishes its batch in flight
 * first. In: the defined NPC ids (sync). Out: onAcquired / onLost / handOver per NPC
 * (docs/architecture.md, "NPC ownership").
 */

import type { RedisConnection } from "@mcp-bridge/shared";
import { LeaseGroup, redisKeys } from "@mcp-bridge/shared";
import type { Logger } from "pino";

export interface OwnershipOptions {
  redis: RedisConnection;
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

export class Ownership extends LeaseGroup {
  constructor(options: OwnershipOptions) {
    const keys = redisKeys(options.prefix);
    super({
      ...options,
      membersKey: keys.npcMembers(),
      leaseKey: keys.npcLease,
      what: (id) => `NPC ${id}`,
      onLost: (id) => options.onLost(id),
    });
  }
}

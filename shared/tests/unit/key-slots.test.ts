import {
  commandQueueName,
  queuePrefix,
  redisKeys,
  ServerIdSchema,
  keySlot as slot,
} from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("Redis Cluster key layout", () => {
  it("the slot function matches Redis' (CLUSTER KEYSLOT examples)", () => {
    expect(slot("foo")).toBe(12182);
    expect(slot("{user1000}.following")).toBe(slot("{user1000}.followers"));
    expect(slot("123456789")).toBe(0x31c3); // CRC16/XMODEM check value
    expect(slot("foo{}{bar}")).not.toBe(slot("bar")); // an empty {} is no tag: the whole key is hashed
  });

  it("every key of one Minecraft server, BullMQ's included, is in one slot", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        (prefix, serverId) => {
          ServerIdSchema.parse(serverId);
          const k = redisKeys(prefix);
          const queueKey = (suffix: string) =>
            `${queuePrefix(prefix, serverId)}:${commandQueueName(serverId)}:${suffix}`;
          const keys = [
            k.eventStream(serverId),
            k.eventSession(serverId),
            k.logTail(serverId),
            k.management(serverId),
            k.eventSources(serverId),
            k.lease(serverId),
            queueKey("wait"),
            queueKey("active"),
            queueKey("events"),
            queueKey("some-job-id:lock"),
          ];
          expect(new Set(keys.map(slot)).size).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the NPC service's keys share one slot (its scripts move entries between them)", () => {
    const k = redisKeys("mcpb");
    const keys = [
      k.npcRegistry(),
      k.npcHistory("bob"),
      k.npcLease("bob"),
      k.npcMembers(),
      k.npcInbox("alice"),
    ];
    expect(new Set(keys.map(slot)).size).toBe(1);
  });
});

import type { EventRecord } from "@mcp-bridge/shared/events";
import { describe, expect, it } from "vitest";
import { Router } from "../../src/conversation/router.js";
import { npcDefinition } from "../support/definitions.js";

const settings = {
  conversationWindowMs: 60_000,
  maxNpcTurns: 3,
  npcCooldownMs: 30_000,
  playerBurst: 3,
  playerPerMinute: 6,
};
const bob = npcDefinition({ location: { serverId: "s", x: 0, y: 64, z: 0 } });
const alice = npcDefinition({
  id: "alice",
  name: "Alice",
  aliases: [],
  location: { serverId: "s", x: 5, y: 64, z: 0 },
});
const near = { x: 3, y: 64, z: 0, world: "minecraft:overworld", at: 0 };

function chat(text: string, player = "Steve"): EventRecord {
  return {
    cursor: `${Math.random()}`,
    serverId: "s",
    type: "player_chat",
    seq: 1,
    player,
    timestamp: 0,
    data: {},
    untrustedPlayerText: text,
  };
}

describe("router", () => {
  it("delivers chat that names the NPC as a whole word, in any case", () => {
    const router = new Router(settings);
    expect(router.chat(chat("hello bob!"), [bob], near, 0).deliveries.map((d) => d.npc.id)).toEqual(["bob"]);
    const other = new Router(settings);
    expect(other.chat(chat("bobcat sighting"), [bob], near, 0).deliveries).toEqual([]);
    expect(other.chat(chat("Hi Villager Bob"), [bob], near, 0).deliveries).toHaveLength(1);
  });

  it("keeps a conversation open for the window, then needs the name again", () => {
    const router = new Router({ ...settings, playerBurst: 10 });
    router.chat(chat("Hello Bob"), [bob], near, 0);
    expect(router.chat(chat("how are you?"), [bob], near, 30_000).deliveries).toHaveLength(1);
    expect(router.chat(chat("still there?"), [bob], near, 100_000).deliveries).toHaveLength(0);
  });

  it("does not answer a player whose position is unknown or who is out of range", () => {
    const router = new Router(settings);
    expect(router.chat(chat("Hello Bob"), [bob], undefined, 0)).toEqual({
      deliveries: [],
      skipped: ["unknown_position"],
    });
    expect(router.chat(chat("Hello Bob"), [bob], { ...near, x: 200 }, 0).deliveries).toEqual([]);
    expect(
      router.chat(chat("Hello Bob"), [bob], { ...near, world: "minecraft:the_nether" }, 0).deliveries,
    ).toEqual([]);
  });

  it("limits each player with a token bucket", () => {
    const router = new Router(settings);
    const results = Array.from(
      { length: 5 },
      () => router.chat(chat("Bob!"), [bob], near, 0).deliveries.length,
    );
    expect(results).toEqual([1, 1, 1, 0, 0]);
  });

  it("never gives an NPC its own line, and stops NPC exchanges at the turn cap, then cools down", () => {
    const router = new Router(settings);
    const line = (turn: number, now = 0) =>
      router.npcLine(
        {
          id: `l${turn}`,
          serverId: "s",
          npcId: "bob",
          name: "Villager Bob",
          text: "hi",
          turn,
          timestamp: now,
        },
        [bob, alice],
        now,
      );
    const first = line(0);
    expect(first.deliveries.map((d) => d.npc.id)).toEqual(["alice"]);
    expect(first.skipped).toEqual(["own_line"]);
    expect(line(2).deliveries).toHaveLength(1);
    expect(line(3).skipped).toContain("turn_cap");
    expect(line(0, 1000).skipped).toContain("cooldown");
    expect(line(0, 40_000).deliveries).toHaveLength(1);
  });
});

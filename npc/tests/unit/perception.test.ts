/**
 * What an NPC perceives in its prompt (issue 27 §3): its position, the time of day and the weather
 * (one get_server_info per server per TTL, whatever the number of NPCs: 100 NPCs answering at once
 * must not flood the queue), and the players within its radius with their distance. The queue is a
 * recording runner; positions are given as the player tracker holds them.
 */
import { createLogger } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import type { JobRunner } from "../../src/actions/executor.js";
import { buildMessages } from "../../src/conversation/prompt.js";
import { clockOf, Perception } from "../../src/world/perception.js";
import type { Position } from "../../src/world/player-tracker.js";
import { npcDefinition } from "../support/definitions.js";

const logger = createLogger({ name: "perception", level: "silent" });
const client = { id: "npc:bob", role: "npc:bob" };
const at = (x: number, world = "minecraft:overworld"): Position => ({ x, y: 64, z: 2, world, at: 0 });

function setup(answer: () => Promise<unknown> = async () => ({ timeOfDay: 13_500, weather: "RAIN" })) {
  const reads: string[] = [];
  const runner: JobRunner = {
    async run(serverId, op) {
      reads.push(`${serverId} ${op}`);
      return { status: "completed", jobId: "j", data: await answer() };
    },
  };
  const players = new Map([
    ["Alex", at(12)],
    ["Steve", at(5)],
    ["Far", at(100)],
    ["Nether", at(2, "minecraft:the_nether")],
  ]);
  const perception = new Perception(runner, { players: () => players }, logger, 5000, 1000, 200);
  return { perception, reads };
}

describe("NPC perception", () => {
  it("tells the NPC where it stands, the time, the weather and the players near it, nearest first", async () => {
    const { perception } = setup();
    const lines = await perception.describe(npcDefinition(), client, 1_000);
    expect(lines).toEqual([
      "you stand at x=2 y=64 z=2 in minecraft:overworld",
      "time: night, about 19:00; weather: rain",
      'players near you: "Steve" (3 blocks), "Alex" (10 blocks)',
    ]);
    const prompt = buildMessages(npcDefinition(), [], [], { perception: lines });
    expect(prompt.at(-2)?.content).toContain("What you perceive now (game data):\n- you stand at x=2");
  });

  it("reads the server once per TTL for 100 NPCs answering at once, and later in the background", async () => {
    const { perception, reads } = setup();
    const npcs = Array.from({ length: 100 }, (_, i) => npcDefinition({ id: `npc${i}` }));
    await Promise.all(npcs.map((npc) => perception.describe(npc, client, 1_000)));
    expect(reads).toEqual(["default get_server_info"]);
    await Promise.all(npcs.map((npc) => perception.describe(npc, client, 5_999)));
    expect(reads).toHaveLength(1);
    // Past the TTL the last reading is used at once and one new read starts.
    const lines = await Promise.all(npcs.map((npc) => perception.describe(npc, client, 6_001)));
    expect(lines[0]?.[1]).toContain("weather: rain");
    expect(reads).toHaveLength(2);
  });

  it("answers without time and weather when the server cannot be read, and does not retry before the TTL", async () => {
    const { perception, reads } = setup(async () => {
      throw new Error("UNSUPPORTED");
    });
    const npc = npcDefinition();
    const lines = await perception.describe(npc, client, 1_000);
    expect(lines.some((l) => l.startsWith("time:"))).toBe(false);
    await perception.describe(npc, client, 2_000);
    expect(reads).toHaveLength(1);
  });

  it("waits at most a moment for a server that does not answer", async () => {
    const { perception } = setup(() => new Promise(() => undefined));
    const started = Date.now();
    const lines = await perception.describe(npcDefinition(), client, 1_000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(lines[0]).toContain("you stand at");
  });

  it("reads Minecraft time as a clock (tick 0 is 06:00)", () => {
    expect(clockOf(0)).toBe("day, about 06:00");
    expect(clockOf(6000)).toBe("day, about 12:00");
    expect(clockOf(18_000)).toBe("night, about 00:00");
    expect(clockOf(23_500)).toBe("dawn, about 05:00");
    expect(clockOf(24_000 * 3 + 12_500)).toBe("evening, about 18:00");
  });

  it("takes -1 as the widest perception radius (the seed's 'unlimited')", () => {
    expect(npcDefinition({ perception: { radius: -1 } }).perception.radius).toBe(128);
    expect(() => npcDefinition({ perception: { radius: 0 } })).toThrow(/1-128, or -1/);
  });
});

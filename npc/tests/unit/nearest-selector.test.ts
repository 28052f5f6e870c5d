/**
 * `@p` in an NPC's command is the nearest player to the NPC (issue 27 §3): resolved from the player
 * tracker's positions, within the NPC's radius and dimension, into a plain name before the command
 * gate and the queue see it. Every other selector, and `@p` with arguments or inside a word, is
 * still refused; with nobody near the command is refused with the reason; a tracked name that is not
 * a Minecraft name never reaches a command. The executor is real; the queue is a recording runner.
 */
import { createLogger } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActionExecutor, type JobRunner } from "../../src/actions/executor.js";
import { nearestPlayer } from "../../src/world/nearest-player.js";
import type { Position } from "../../src/world/player-tracker.js";
import { npcDefinition } from "../support/definitions.js";

const logger = createLogger({ name: "nearest", level: "silent" });
const npc = npcDefinition(); // at 2 64 2 in the overworld, radius 20, may run give and particle
const at = (x: number, world = "minecraft:overworld"): Position => ({ x, y: 64, z: 2, world, at: 0 });

function executorWith(players: Map<string, Position>) {
  const queued: string[] = [];
  const runner: JobRunner = {
    async run(_server, _op, args) {
      queued.push(String((args as { command: string }).command));
      return { status: "completed", jobId: "j", data: { output: "" } };
    },
  };
  const executor = new ActionExecutor(runner, logger, 1000, (n) => nearestPlayer(players, n));
  return { executor, queued };
}

describe("@p in an NPC's command", () => {
  it("runs the seed's example as the nearest player's name", async () => {
    const players = new Map([
      ["Alex", at(12)],
      ["Steve", at(5)],
      ["Far", at(200)],
    ]);
    const { executor, queued } = executorWith(players);
    const results = await executor.functions(npc, ["/give @p minecraft:map 1"], "k");
    expect(results[0]).toMatchObject({ ok: true, command: "give Steve minecraft:map 1" });
    expect(queued).toEqual(["give Steve minecraft:map 1"]);
  });

  it("is refused with a clear reason when no player is within the NPC's radius", async () => {
    const players = new Map([
      ["Far", at(40)],
      ["Nether", at(2, "minecraft:the_nether")],
    ]);
    const { executor, queued } = executorWith(players);
    const [result] = await executor.functions(npc, ["give @p minecraft:map 1"], "k");
    expect(result?.ok).toBe(false);
    expect(result?.error?.code).toBe("PLAYER_NOT_FOUND");
    expect(result?.error?.message).toMatch(/nearest player within Villager Bob's 20 blocks/);
    expect(queued).toEqual([]);
  });

  it("refuses every other selector, @p with arguments and @p inside a word", async () => {
    const { executor, queued } = executorWith(new Map([["Steve", at(3)]]));
    const blocks = [
      "give @a minecraft:map 1",
      "give @e minecraft:map 1",
      "give @r minecraft:map 1",
      "give @s minecraft:map 1",
      "give @p[distance=..100] minecraft:map 1",
      "give @p,@a minecraft:map 1",
      "give x@p minecraft:map 1",
    ];
    const results = await executor.functions(npc, blocks, "k");
    expect(results.map((r) => r.ok)).toEqual(blocks.map(() => false));
    expect(queued).toEqual([]);
  });

  it("never puts a tracked name that is not a Minecraft name into a command", () => {
    const players = new Map([
      ["@a", at(2)],
      ["x y", at(2)],
      ["Steve_01", at(9)],
    ]);
    expect(nearestPlayer(players, npc)?.name).toBe("Steve_01");
    expect(nearestPlayer(new Map([["@e[type=player]", at(2)]]), npc)).toBeUndefined();
  });

  it("always queues a command with a real name in place of @p, or nothing (property)", async () => {
    const name = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_]{1,16}$/),
      fc.string({ maxLength: 20 }), // anything a broken or hostile source could list
    );
    const player = fc.tuple(name, fc.integer({ min: -60, max: 60 }), fc.boolean());
    await fc.assert(
      fc.asyncProperty(fc.array(player, { maxLength: 6 }), async (list) => {
        const players = new Map(
          list.map(([n, x, nether]) => [n, at(x, nether ? "minecraft:the_nether" : undefined)]),
        );
        const { executor, queued } = executorWith(players);
        const [result] = await executor.functions(npc, ["give @p minecraft:map 1"], "k");
        const expected = nearestPlayer(players, npc);
        if (!expected) {
          expect(result?.error?.code).toBe("PLAYER_NOT_FOUND");
          expect(queued).toEqual([]);
          return;
        }
        expect(expected.name).toMatch(/^[A-Za-z0-9_]{1,16}$/);
        expect(expected.distance).toBeLessThanOrEqual(npc.perception.radius);
        expect(queued).toEqual([`give ${expected.name} minecraft:map 1`]);
      }),
      { numRuns: 200 },
    );
  });
});

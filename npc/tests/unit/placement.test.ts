/**
 * An NPC's placements (world/placement.ts) against a small world: the game is played by a job runner
 * that keeps the entities (summon adds one with its CustomName and tag, kill removes the tagged ones,
 * get_world_info lists them) and can hold the answer of a read, to give the interleavings a reload
 * and the presence check meet in the service: the NPC must end up in the world once.
 */
import { createLogger } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { ActionExecutor, type JobRunner } from "../../src/actions/executor.js";
import type { NpcDefinition } from "../../src/definitions/schema.js";
import { Placement } from "../../src/world/placement.js";
import { npcDefinition } from "../support/definitions.js";

/** The world's entities, and a runner whose reads can be held (their answer is what the world was). */
function world(initial: { name: string; tag: string }[] = []) {
  const entities = [...initial];
  let holdReads = 0;
  const held: (() => void)[] = [];
  const runner: JobRunner = {
    async run(_server, op, args, _client, _timeout, requestId) {
      const done = (data: unknown) => ({
        status: "completed" as const,
        jobId: String(requestId ?? op),
        data,
      });
      if (op === "get_world_info") {
        const seen = entities.map((e) => ({ type: "minecraft:villager", name: e.name }));
        if (holdReads > 0) {
          holdReads--;
          await new Promise<void>((release) => held.push(release));
        }
        return done({ entities: seen });
      }
      const command = String((args as { command: string }).command);
      const kill = /^kill @e\[tag=(\w+)\]/.exec(command);
      if (kill) {
        const before = entities.length;
        for (let i = entities.length - 1; i >= 0; i--)
          if (entities[i]!.tag === kill[1]) entities.splice(i, 1);
        if (before === entities.length) return done({ output: "No entity was found" });
      }
      const summon = /^summon \S+ .*CustomName:'"(.*?)"'.*Tags:\["(\w+)"\]/.exec(command);
      if (summon) entities.push({ name: summon[1]!, tag: summon[2]! });
      return done({ output: "" });
    },
  };
  return {
    runner,
    entities,
    holdNextRead: () => {
      holdReads++;
    },
    release: () => {
      for (const r of held.splice(0)) r();
    },
  };
}

const logger = createLogger({ name: "placement-test", level: "silent" });
const tick = () => new Promise((r) => setTimeout(r, 10));
const names = (w: ReturnType<typeof world>) => w.entities.map((e) => e.name);

function placement(w: ReturnType<typeof world>) {
  return new Placement(w.runner, new ActionExecutor(w.runner, logger), 1000, logger);
}

describe("NPC placement", () => {
  const bob = npcDefinition();
  const renamed: NpcDefinition = { ...bob, name: "Bob the Second" };

  it("two placements at once (a reload's and the presence check's) leave one entity", async () => {
    const w = world();
    const p = placement(w);
    await Promise.all([p.place(bob, bob, () => false), p.place(bob, bob, () => false)]);
    expect(names(w)).toEqual(["Villager Bob"]);
  });

  it("a rename placed while the presence check reads: the check does not call the new name gone", async () => {
    const w = world([{ name: "Villager Bob", tag: "npc_bob" }]);
    const p = placement(w);
    w.holdNextRead(); // the check's read: answered as the world was before the rename's summon
    const gone = p.gone(renamed);
    await tick();
    await p.place(renamed, bob, () => false);
    expect(names(w)).toEqual(["Bob the Second"]);
    w.release();
    expect(await gone).toBe(false);
  });

  it("still finds an entity that is really gone", async () => {
    const w = world([{ name: "Villager Bob", tag: "npc_bob" }]);
    const p = placement(w);
    expect(await p.gone(bob)).toBe(false);
    w.entities.splice(0);
    expect(await p.gone(bob)).toBe(true);
    await p.place(bob, bob, () => false);
    expect(names(w)).toEqual(["Villager Bob"]);
  });
});

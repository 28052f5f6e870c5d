/**
 * The seed's NPC fields the definitions file accepts (issue 27 §3): `type`, `permissions.accessLevel`
 * (a ceiling over commands and tool calls) and `priorityWeights` (the order of waiting messages).
 */
import { describe, expect, it } from "vitest";
import { checkCalls } from "../../src/actions/tool-calls.js";
import { ConversationQueue } from "../../src/conversation/conversation-queue.js";
import type { IncomingMessage } from "../../src/conversation/message.js";
import { systemPrompt } from "../../src/conversation/prompt.js";
import { functionGate, functionPatterns } from "../../src/definitions/command-patterns.js";
import { npcDefinition } from "../support/definitions.js";

const lookUp = [{ name: "get_player_info", args: '{"player":"Steve"}' }];

describe("type", () => {
  it("is 'npc' (the seed's example), the only kind there is", () => {
    expect(npcDefinition({ type: "npc" }).type).toBe("npc");
    expect(npcDefinition().type).toBe("npc");
    expect(() => npcDefinition({ type: "villager" })).toThrow(/npc/);
  });
});

describe("permissions.accessLevel", () => {
  const bob = (accessLevel: string) =>
    npcDefinition({
      permissions: { canExecuteCommands: true, allowedCommands: ["give"], accessLevel },
    });

  it("trusted (the default, the seed's example): commands and tool calls as permissions and tools say", () => {
    expect(npcDefinition().permissions.accessLevel).toBe("trusted");
    expect(functionGate(bob("trusted")).verdict("give Steve minecraft:bread 1").allowed).toBe(true);
    expect(checkCalls(bob("trusted"), lookUp)[0]?.ok).toBe(true);
  });

  it("readonly: tool calls, no command (not in the role's patterns or the prompt either)", () => {
    const npc = bob("readonly");
    expect(functionPatterns(npc)).toEqual([]);
    expect(functionGate(npc).verdict("give Steve minecraft:bread 1").allowed).toBe(false);
    expect(systemPrompt(npc)).toContain("You cannot execute commands");
    expect(checkCalls(npc, lookUp)[0]?.ok).toBe(true);
  });

  it("guest: talk only", () => {
    const npc = bob("guest");
    expect(functionPatterns(npc)).toEqual([]);
    expect(checkCalls(npc, lookUp)[0]).toMatchObject({ ok: false, message: "you may not call tools" });
    expect(systemPrompt(npc)).not.toContain("<tool");
  });

  it("refuses a level it does not know", () => {
    expect(() => bob("admin")).toThrow(/guest|readonly|trusted/);
  });
});

describe("priorityWeights", () => {
  const msg = (id: string, kind: IncomingMessage["kind"]): IncomingMessage => ({
    id,
    kind,
    sender: kind === "system" ? "system" : "Steve",
    content: id,
    timestamp: 0,
  });

  it("orders a batch by the NPC's weights (the seed's 10/5/1 unless set)", () => {
    const take = (weights?: { player: number; npc: number; system: number }) => {
      const q = new ConversationQueue({ maxQueueSize: 10, batchDelayMs: 0, radius: 20, weights });
      for (const m of [msg("s", "system"), msg("n", "npc"), msg("p", "chat")]) q.enqueue(m, 0);
      return q.takeBatch(0).map((m) => m.id);
    };
    expect(take(npcDefinition().priorityWeights)).toEqual(["p", "n", "s"]);
    expect(take(npcDefinition({ priorityWeights: { system: 50, npc: 20 } }).priorityWeights)).toEqual([
      "s",
      "n",
      "p",
    ]);
  });
});

describe("a model's world scan (get_world_info tool call)", () => {
  const npc = npcDefinition({ tools: ["get_world_info"] }); // at 2 64 2, radius 20
  const scan = (args: Record<string, unknown>) =>
    checkCalls(npc, [{ name: "get_world_info", args: JSON.stringify(args) }])[0]!;

  it("runs near the NPC, in its own dimension", () => {
    expect(scan({ x: 10, y: 64, z: 2, radius: 4 })).toMatchObject({
      ok: true,
      args: { x: 10, y: 64, z: 2, radius: 4, world: "minecraft:overworld" },
    });
  });

  it("refuses a scan far away, in another dimension, or wider than 8", () => {
    expect(scan({ x: 500, y: 64, z: 2, radius: 4 })).toMatchObject({ ok: false, code: "INVALID_ARGS" });
    expect(scan({ x: 2, y: 64, z: 2, radius: 4, world: "the_nether" })).toMatchObject({ ok: false });
    expect(scan({ x: 2, y: 64, z: 2, radius: 9 })).toMatchObject({ ok: false, message: "radius: at most 8" });
  });
});

describe("a model's mob lookup (get_nearby_mobs tool call)", () => {
  const npc = npcDefinition({ tools: ["get_nearby_mobs"] }); // at 2 64 2, radius 20
  const look = (args: Record<string, unknown>) =>
    checkCalls(npc, [{ name: "get_nearby_mobs", args: JSON.stringify(args) }])[0]!;

  it("runs near the NPC, in its own dimension, as wide as its perception", () => {
    expect(look({ x: 10, y: 64, z: 2, radius: 20, limit: 5 })).toMatchObject({
      ok: true,
      args: { x: 10, y: 64, z: 2, radius: 20, limit: 5, world: "minecraft:overworld" },
    });
  });

  it("refuses a lookup far away, in another dimension, or wider than its perception", () => {
    expect(look({ x: 500, y: 64, z: 2, radius: 4 })).toMatchObject({ ok: false, code: "INVALID_ARGS" });
    expect(look({ x: 2, y: 64, z: 2, radius: 4, world: "the_nether" })).toMatchObject({ ok: false });
    expect(look({ x: 2, y: 64, z: 2, radius: 21 })).toMatchObject({
      ok: false,
      message: "radius: at most 20",
    });
  });
});

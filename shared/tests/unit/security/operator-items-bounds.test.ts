/**
 * Issue 25 item 5: one rule for operator items and one for numeric bounds, the same on typed tools
 * and raw commands (NPC actions: npc/tests/unit/npc-rules.property.test.ts), for every role,
 * against shared/vectors/security/operator-items-bounds.json.
 */
// Feature: minecraft-mcp-bridge, Property 25.5: typed give_item and raw give agree on operator items and counts
import { readFileSync } from "node:fs";
import { BOUNDS, type BridgeError, commandRuleProblem, OPERATOR_ITEMS, Policy } from "@mcp-bridge/shared";
import { ITEM_IDS } from "@mcp-bridge/shared/game";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

interface Vector {
  operatorItems: string[];
  bounds: Record<string, number>;
  typed: { op: string; args: Record<string, unknown>; verdict: string | null }[];
  commands: { command: string; verdict: string | null }[];
}
const vector = JSON.parse(
  readFileSync(new URL("../../../vectors/security/operator-items-bounds.json", import.meta.url), "utf8"),
) as Vector;

/** A role that may do everything: the rules hold even for it. */
const policy = Policy.parse({
  roles: { admin: { tools: ["*"], commands: [".*"], players: ["*"], maxCommandLength: 1000 } },
  clients: [{ id: "a", role: "admin" }],
});
const admin = { id: "a", role: "admin" };
const CODES: Record<string, string> = {
  operator_item: "PERMISSION_DENIED",
  bound: "INVALID_ARGS",
  unchecked: "PERMISSION_DENIED",
};

function refusal(tool: string, args: Record<string, unknown>): string | undefined {
  try {
    policy.authorize(admin, tool, args);
    return undefined;
  } catch (error) {
    return (error as BridgeError).code;
  }
}

describe("operator items and bounds (shared/vectors/security/operator-items-bounds.json)", () => {
  it("the vector's lists are the code's", () => {
    expect(vector.operatorItems).toEqual([...OPERATOR_ITEMS]);
    expect(vector.bounds).toEqual(BOUNDS);
  });

  it.each(vector.typed)("typed $op $args -> $verdict", ({ op, args, verdict }) => {
    expect(refusal(op, args)).toBe(verdict === null ? undefined : CODES[verdict]);
  });

  it.each(vector.commands)("raw '$command' -> $verdict", ({ command, verdict }) => {
    expect(commandRuleProblem(command)?.kind ?? null).toBe(verdict);
    expect(refusal("execute_command", { command })).toBe(verdict === null ? undefined : CODES[verdict]);
  });

  it("typed give_item and raw give agree on every item and count", () => {
    const item = fc.oneof(fc.constantFrom(...OPERATOR_ITEMS), fc.constantFrom(...ITEM_IDS));
    fc.assert(
      fc.property(item, fc.boolean(), fc.integer({ min: 1, max: 3 * BOUNDS.itemCount }), (id, ns, count) => {
        const name = ns ? `minecraft:${id}` : id;
        const expected = OPERATOR_ITEMS.has(id)
          ? "PERMISSION_DENIED"
          : count > BOUNDS.itemCount
            ? "INVALID_ARGS"
            : undefined;
        expect(refusal("give_item", { player: "Steve", item: name, quantity: count })).toBe(expected);
        expect(refusal("execute_command", { command: `give Steve ${name} ${count}` })).toBe(expected);
        expect(
          refusal("execute_command", { command: `execute as Steve run give Steve ${name} ${count}` }),
        ).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("a particle count or effect above its bound never passes, whatever the other numbers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 300 }), (n, amp) => {
        const particle = refusal("execute_command", {
          command: `particle minecraft:flame ~ ~ ~ 1 1 1 1 ${n} force`,
        });
        expect(particle).toBe(n > BOUNDS.particleCount ? "INVALID_ARGS" : undefined);
        const effect = refusal("execute_command", {
          command: `effect give Steve minecraft:speed ${n} ${amp}`,
        });
        const over = n > BOUNDS.effectSeconds || amp > BOUNDS.effectAmplifier;
        expect(effect).toBe(over ? "INVALID_ARGS" : undefined);
      }),
      { numRuns: 300 },
    );
  });
});

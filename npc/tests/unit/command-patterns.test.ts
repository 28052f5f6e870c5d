import { Policy } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import {
  CommandGate,
  mergePolicy,
  npcClientId,
  policyFragment,
} from "../../src/definitions/command-patterns.js";
import { killCommand, speechCommand, summonCommand } from "../../src/world/minecraft-commands.js";
import { npcDefinition } from "../support/definitions.js";

const bob = npcDefinition();

describe("NPC command patterns", () => {
  it("allows a bare verb with plain arguments only", () => {
    const gate = new CommandGate(bob);
    expect(gate.allows("give Steve minecraft:bread 2")).toBe(true);
    expect(gate.allows("/particle minecraft:heart ~ ~1 ~")).toBe(true);
    for (const refused of [
      "give @a minecraft:diamond 64",
      "give @p minecraft:bread",
      "give Steve minecraft:command_block",
      "give Steve minecraft:stone{display:{}} 1",
      "give Steve minecraft:stone[minecraft:custom_name='x'] 1",
      'give Steve "minecraft:bread"',
      "execute as @a run op Steve",
      "op Steve",
      "tp Steve 0 0 0",
      "giveaway Steve",
      "give Steve bread\nop Steve",
    ]) {
      expect(gate.allows(refused), refused).toBe(false);
    }
  });

  it("lets an explicit pattern allow selectors, but never a denied verb", () => {
    const npc = npcDefinition({
      permissions: {
        canExecuteCommands: true,
        allowedCommands: [{ pattern: "tp @p -?\\d+ -?\\d+ -?\\d+" }, { pattern: "(op|kill) .*" }],
        deniedCommands: ["kill"],
      },
    });
    const gate = new CommandGate(npc);
    expect(gate.allows("tp @p 10 64 -3")).toBe(true);
    expect(gate.allows("op Steve")).toBe(false);
    expect(gate.allows("kill Steve")).toBe(false);
    expect(gate.allows("minecraft:kill Steve")).toBe(false);
  });

  it("allows nothing when the NPC may not run commands", () => {
    const npc = npcDefinition({ permissions: { canExecuteCommands: false, allowedCommands: ["give"] } });
    expect(new CommandGate(npc).allows("give Steve minecraft:bread 1")).toBe(false);
  });

  it("makes a policy fragment the bridge accepts and that matches exactly the service's own commands", () => {
    const policy = Policy.parse(policyFragment([bob]));
    const client = policy.clientById(npcClientId(bob))!;
    expect(client).toEqual({ id: "npc:bob", role: "npc:bob" });
    const tricky = 'Hi"}],{"text":"x","clickEvent":{"action":"run_command","value":"/op Steve"}} \u00e9 \\';
    for (const command of [
      summonCommand(bob),
      killCommand(bob),
      speechCommand(bob, tricky),
      "give Steve minecraft:bread 1",
    ]) {
      expect(() => policy.authorize(client, "execute_command", { command }), command).not.toThrow();
    }
    for (const command of [
      'execute at @e[tag=npc_bob,limit=1] run tellraw @a[distance=..20] ["",{"text":"<Villager Bob> ","color":"green"},{"text":"x","clickEvent":{"action":"run_command","value":"/op Steve"}}]',
      'execute at @e[tag=npc_bob,limit=1] run tellraw @a {"text":"x"}',
      "kill @e",
      "kill @e[tag=npc_alice]",
    ]) {
      expect(() => policy.authorize(client, "execute_command", { command }), command).toThrow(
        /not in the allowed/,
      );
    }
  });

  it("merges into a policy file, replacing only npc clients", () => {
    const document = {
      roles: {
        admin: { tools: ["*"], commands: [".*"], players: ["*"] },
        "npc:old": { tools: [], commands: [], players: ["*"] },
      },
      clients: [
        { id: "local-admin", role: "admin" },
        { id: "npc:old", role: "npc:old" },
      ],
    };
    const merged = mergePolicy(document, [bob]);
    expect(Object.keys(merged.roles).sort()).toEqual(["admin", "npc:bob"]);
    expect(merged.clients.map((c) => c.id)).toEqual(["local-admin", "npc:bob"]);
  });
});

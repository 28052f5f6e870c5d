import { Policy, patternProblem } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import {
  functionGate,
  mergePolicy,
  npcClientId,
  policyFragment,
} from "../../src/definitions/command-patterns.js";
import { parseDefinitions } from "../../src/definitions/store.js";
import {
  killCommand,
  speechCommand,
  speechCommands,
  summonCommand,
} from "../../src/world/minecraft-commands.js";
import { npcDefinition } from "../support/definitions.js";

const bob = npcDefinition();

/** The NPC's own check of a <function> command (the shared command gate over its patterns). */
const gateOf = (npc: ReturnType<typeof npcDefinition>) => {
  const gate = functionGate(npc);
  return { allows: (command: string) => gate.verdict(command).allowed };
};

describe("NPC command patterns", () => {
  it("allows a bare verb with plain arguments only", () => {
    const gate = gateOf(bob);
    expect(gate.allows("give Steve minecraft:bread 2")).toBe(true);
    expect(gate.allows("/particle minecraft:heart ~ ~1 ~")).toBe(true);
    expect(gate.allows("give Steve minecraft:lightning_rod 1")).toBe(true);
    expect(gate.allows("give Steve light_blue_wool 1")).toBe(true);
    for (const refused of [
      "give Steve minecraft:barrier",
      "give Steve structure_block 1",
      "give Steve minecraft:debug_stick 1",
      "give Steve light",
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
    const gate = gateOf(npc);
    expect(gate.allows("tp @p 10 64 -3")).toBe(true);
    expect(gate.allows("op Steve")).toBe(false);
    expect(gate.allows("kill Steve")).toBe(false);
    expect(gate.allows("minecraft:kill Steve")).toBe(false);
  });

  it("allows nothing when the NPC may not run commands", () => {
    const npc = npcDefinition({ permissions: { canExecuteCommands: false, allowedCommands: ["give"] } });
    expect(gateOf(npc).allows("give Steve minecraft:bread 1")).toBe(false);
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

  it("keeps every NPC pattern within pattern safety, also for the longest id, name, dimension and radius", () => {
    const longest = npcDefinition({
      id: "a".repeat(32),
      name: `${"Q'".repeat(15)}xy`,
      perception: { radius: 128 },
      entityType: "minecraft:wandering_trader",
      location: {
        serverId: "default",
        dimension: "minecraft:the_nether",
        x: -29999999.125,
        y: -64.5,
        z: 29999999.875,
      },
      permissions: {
        canExecuteCommands: true,
        allowedCommands: ["give", "weather", { pattern: "tp @p [0-9]+ 64 [0-9]+" }],
      },
    });
    for (const npc of [bob, longest]) {
      const role = policyFragment([npc]).roles[npcClientId(npc)]!;
      for (const pattern of role.commands) expect(patternProblem(pattern), pattern).toBeUndefined();
      const policy = Policy.parse(policyFragment([npc]));
      const client = policy.clientById(npcClientId(npc))!;
      for (const command of [
        summonCommand(npc),
        killCommand(npc),
        ...speechCommands(npc, "hello; a && b || c"),
      ]) {
        expect(() => policy.authorize(client, "execute_command", { command }), command).not.toThrow();
      }
    }
  });

  it("says which function pattern the denied-verb guard makes too long", () => {
    const raw = {
      npcs: [
        {
          id: "bob",
          name: "Bob",
          persona: { systemPrompt: "p" },
          location: { x: 0, y: 0, z: 0 },
          permissions: {
            canExecuteCommands: true,
            allowedCommands: ["give", { pattern: `say ${"a".repeat(480)}` }],
          },
        },
      ],
    };
    expect(() => parseDefinitions(JSON.stringify(raw), "npcs.json")).toThrow(
      /npcs\.0\.permissions\.allowedCommands\.1: with the guard for denied verbs in front, the pattern is refused: longer than 512 chars/,
    );
  });

  it("refuses through the shared gate what the mod refuses, with the command escaped", () => {
    const gate = functionGate(bob);
    expect(gate.verdict("give Steve bread; op Steve")).toMatchObject({ allowed: false, kind: "chaining" });
    expect(gate.verdict("give Steve \u001b[31mbread")).toMatchObject({
      allowed: false,
      kind: "control_character",
      display: "give Steve \\u001b[31mbread",
    });
    expect(gate.verdict("Give Steve bread")).toMatchObject({ allowed: false, kind: "command_name" });
    expect(gate.verdict("/give Steve minecraft:bread 2")).toEqual({
      allowed: true,
      command: "give Steve minecraft:bread 2",
    });
  });
});

describe("an NPC's `tools` setting (issue 26)", () => {
  it("limits its model: without execute_command no <function> command passes, and the role keeps only the service's own tools besides", () => {
    const quiet = npcDefinition({ tools: ["get_player_info"] });
    expect(gateOf(quiet).allows("give Steve minecraft:bread 2")).toBe(false);
    const role = policyFragment([quiet]).roles["npc:bob"]!;
    expect(role.tools.sort()).toEqual(
      [
        "execute_command",
        "get_nearby_mobs",
        "get_online_players",
        "get_player_info",
        "get_server_info",
        "get_world_info",
      ].sort(),
    );
    // Speech and placement (the service's own execute_command) are still in the role's patterns.
    expect(role.commands.some((p) => p.includes("tellraw"))).toBe(true);
    expect(role.commands.some((p) => p.includes("give"))).toBe(false);
  });
});

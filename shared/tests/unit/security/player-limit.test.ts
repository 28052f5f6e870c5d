/**
 * Issue 11 item 2: a role's `players` limit holds for execute_command. A role limited to Alex whose
 * patterns allow `give .+` and `tp .+` was refused give_item to Steve but could run
 * `give Steve ...`, `give @a ...`, `tp @a Alex` and `give @p ...`. Policy.authorize (which the MCP
 * server and the bridge both run) now checks every player argument of a raw command.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BridgeError } from "../../../src/errors.js";
import { Policy } from "../../../src/policy.js";

const policy = Policy.parse({
  roles: {
    helper: { tools: ["*"], commands: ["give .+", "tp .+", "teleport .+"], players: ["Alex"] },
    anything: { tools: ["*"], commands: [".+"], players: ["Alex", "Bob_2"], maxCommandLength: 1000 },
    admin: { tools: ["*"], commands: [".+"], players: ["*"] },
  },
  clients: [
    { id: "h", role: "helper" },
    { id: "x", role: "anything" },
    { id: "a", role: "admin" },
  ],
});
const helper = { id: "h", role: "helper" };
const anything = { id: "x", role: "anything" };

function refusal(client: { id: string; role: string }, command: string): BridgeError | undefined {
  try {
    policy.authorize(client, "execute_command", { command });
    return undefined;
  } catch (error) {
    return error as BridgeError;
  }
}

describe("a role's players limit holds for execute_command", () => {
  it.each([
    ["give Steve minecraft:diamond 1", /may not target player 'Steve'/],
    ["give @a minecraft:diamond 64", /'@a' is a selector/],
    ["tp @a Alex", /'@a' is a selector/],
    ["give @p minecraft:diamond 1", /'@p' is a selector/],
    ["tp Alex Steve", /may not target player 'Steve'/],
    ["tp Steve", /may not target player 'Steve'/],
    ["/give Steve minecraft:diamond 1", /may not target player 'Steve'/],
    ["give @e[type=player,limit=1] minecraft:diamond 1", /'@e\[type=player,limit=1\]' is a selector/],
    ["give 069a79f4-44e9-4726-a5be-fca90e38aaf5 minecraft:diamond 1", /not a player name/],
    ['give "Alex" minecraft:diamond 1', /not a player name/],
    ["tp Alex 0 64 0 facing entity Steve", /may not target player 'Steve'/],
  ])("refuses the bypass %s", (command, message) => {
    const error = refusal(helper, command);
    expect(error?.code).toBe("PERMISSION_DENIED");
    expect(error?.message).toMatch(message);
  });

  it("reads a namespaced command name like the plain one", () => {
    expect(refusal(anything, "minecraft:give Steve minecraft:diamond 1")?.message).toMatch(
      /may not target player 'Steve'/,
    );
    expect(refusal(anything, "minecraft:give Alex minecraft:diamond 1")).toBeUndefined();
  });

  it("still refuses give_item to another player (the typed tools' check)", () => {
    expect(() => policy.authorize(helper, "give_item", { player: "Steve" })).toThrow(/player 'Steve'/);
  });

  it.each([
    "give Alex minecraft:diamond 1",
    "give alex minecraft:diamond 1",
    "give ALEX minecraft:diamond 1",
    "tp Alex 0 64 0",
    "tp Alex",
    "tp 10 64 -3",
    "teleport Alex ~ ~1 ~",
  ])("allows %s: the role's own player, named in any case", (command) => {
    expect(refusal(helper, command)).toBeUndefined();
    expect(() => policy.authorize(helper, "give_item", { player: "aLeX" })).not.toThrow();
  });

  it.each([
    ["execute as Alex run give Alex minecraft:diamond 1", /'execute' cannot be checked/],
    ["function mypack:reward", /'function' cannot be checked/],
    [
      "particle minecraft:heart ~ ~1 ~",
      /'particle' is not a command whose player arguments the policy knows/,
    ],
    ["essentials:give Alex diamond", /not a command whose player arguments the policy knows/],
    ["give Alex  minecraft:diamond", /empty argument/],
    [
      'setblock 0 64 0 minecraft:command_block{Command:"give Steve minecraft:diamond",auto:1b}',
      /carries NBT/,
    ],
    ['data merge block 0 64 0 {Command:"give Steve minecraft:diamond",auto:1b}', /carries NBT/],
    ['summon minecraft:command_block_minecart ~ ~ ~ {Command:"give Steve minecraft:diamond"}', /carries NBT/],
    [
      'give Alex minecraft:command_block[block_entity_data={id:"command_block",Command:"give Steve minecraft:diamond",auto:1b}]',
      /carries NBT/,
    ],
    ["data merge entity Alex {Invulnerable:1b}", /carries NBT/],
  ])("refuses %s for a limited role, saying its targets cannot be checked", (command, message) => {
    const error = refusal(anything, command);
    expect(error?.code).toBe("PERMISSION_DENIED");
    expect(error?.message).toMatch(message);
    expect(error?.message).toContain(`"players": ["*"]`);
  });

  it.each([
    'tellraw Alex {"text":"click me","clickEvent":{"action":"run_command","value":"/say hi"}}',
    'title Alex title {"text":"Welcome"}',
    "say {curly} text is chat",
  ])("allows '{' in chat text and text components (%s): a click runs as the player who clicks", (command) => {
    expect(refusal(anything, command)).toBeUndefined();
  });

  it.each(["say hello @a", "msg Alex meet @p at spawn"])(
    "refuses a selector anywhere in the command (%s), not only in a known target position",
    (command) => {
      expect(refusal(anything, command)?.message).toMatch(/is a selector/);
    },
  );

  it.each([
    "say hello everyone",
    "time set day",
    "weather clear",
    "list",
    "difficulty",
    "seed",
    "tick query",
  ])("allows %s, which targets no player", (command) => {
    expect(refusal(anything, command)).toBeUndefined();
  });

  it("applies no player check to a role whose players are '*'", () => {
    expect(refusal({ id: "a", role: "admin" }, "give @a minecraft:diamond 1")).toBeUndefined();
    expect(refusal({ id: "a", role: "admin" }, "execute as @a run say hi")).toBeUndefined();
  });
});

/** Known commands, each with its player arguments as holes: `(t) => command`. */
const TEMPLATES: ((t: string, u: string) => string)[] = [
  (t) => `give ${t} minecraft:diamond 1`,
  (t) => `tp ${t}`,
  (t, u) => `tp ${t} ${u}`,
  (t, u) => `tp ${u} ${t}`,
  (t) => `teleport ${t} 1 64 1`,
  (t, u) => `tp ${u} 1 64 1 facing entity ${t} eyes`,
  (t) => `effect give ${t} minecraft:speed 10 1`,
  (t) => `effect clear ${t}`,
  (t) => `gamemode creative ${t}`,
  (t) => `kill ${t}`,
  (t) => `clear ${t} minecraft:dirt`,
  (t) => `xp add ${t} 10 levels`,
  (t) => `experience set ${t} 0 points`,
  (t) => `tellraw ${t} "hi"`,
  (t) => `msg ${t} hello`,
  (t) => `tell ${t} hello`,
  (t) => `w ${t} hello`,
  (t) => `title ${t} title "hi"`,
  (t) => `kick ${t} bye`,
  (t) => `ban ${t}`,
  (t) => `pardon ${t}`,
  (t) => `op ${t}`,
  (t) => `deop ${t}`,
  (t) => `spawnpoint ${t} 0 64 0`,
  (t) => `enchant ${t} minecraft:sharpness 1`,
  (t) => `attribute ${t} minecraft:generic.max_health base set 40`,
  (t) => `advancement grant ${t} everything`,
  (t) => `recipe give ${t} *`,
  (t) => `item replace entity ${t} weapon.mainhand with minecraft:stick`,
  (t, u) => `item replace entity ${u} armor.head from entity ${t} weapon.mainhand`,
  (t) => `ride ${t} dismount`,
  (t, u) => `ride ${u} mount ${t}`,
  (t) => `damage ${t} 5`,
  (t, u) => `damage ${u} 5 minecraft:generic by ${t}`,
  (t, u) => `spectate ${t} ${u}`,
  (t, u) => `spectate ${u} ${t}`,
  (t) => `whitelist add ${t}`,
  (t) => `whitelist remove ${t}`,
  (t) => `data get entity ${t} Pos`,
  (t) => `tag ${t} add vip`,
  (t) => `playsound minecraft:entity.cat.ambient master ${t}`,
  (t) => `scoreboard players set ${t} points 3`,
  (t) => `loot give ${t} loot minecraft:chests/simple_dungeon`,
];

const selector = fc
  .tuple(
    fc.constantFrom("@a", "@p", "@r", "@e", "@s", "@n"),
    fc.option(fc.constantFrom("[limit=1]", "[type=player]", "[name=Alex]", "[]")),
  )
  .map(([s, args]) => s + (args ?? ""));
const otherName = fc
  .stringMatching(/^[A-Za-z0-9_]{1,16}$/)
  .filter((n) => !["alex", "bob_2"].includes(n.toLowerCase()));
const hostileTarget = fc.oneof(
  selector,
  fc.uuid(),
  otherName,
  fc.constantFrom('"Alex"', "Alex'", "*", "#fake", "127.0.0.1", "Alex\\"),
);
const ownName = fc.constantFrom("Alex", "alex", "ALEX", "Bob_2", "bob_2");

describe("no generated command with a hostile target passes for a limited role", () => {
  // Feature: minecraft-mcp-bridge, Property 19: a role's player limit holds for raw commands
  it("refuses every known command whose player argument is a selector, UUID, other name or other form", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEMPLATES),
        hostileTarget,
        ownName,
        fc.boolean(),
        (template, bad, own, ns) => {
          const command = `${ns ? "minecraft:" : ""}${template(bad, own)}`;
          const error = refusal(anything, command);
          expect(error?.code, command).toBe("PERMISSION_DENIED");
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("allows the same commands when every player argument is one of the role's players (any case)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEMPLATES), ownName, ownName, (template, own, other) => {
        const command = template(own, other);
        expect(refusal(anything, command), command).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it("refuses execute and commands it does not know, whatever their arguments", () => {
    const verb = fc.stringMatching(/^[a-z][a-z0-9_-]{0,12}$/).filter((v) => !KNOWN.has(v));
    fc.assert(
      fc.property(fc.oneof(verb, fc.constant("execute")), ownName, (name, own) => {
        const error = refusal(anything, `${name} ${own} as ${own} run say hi`);
        expect(error?.code).toBe("PERMISSION_DENIED");
        expect(error?.message).toMatch(/cannot be checked against the role's player limit/);
      }),
      { numRuns: 300 },
    );
  });
});

/** Commands the table knows (the property above generates others). */
const KNOWN = new Set(
  "give tp teleport effect gamemode kill clear xp experience tellraw msg tell w title kick ban ban-ip pardon pardon-ip op deop spawnpoint enchant attribute advancement recipe item data loot ride damage spectate whitelist tag team playsound stopsound scoreboard bossbar spreadplayers transfer rotate dialog say me teammsg tm list time weather difficulty seed tick gamerule help locate setworldspawn worldborder setblock fill fillbiome clone summon forceload save-all save-on save-off stop reload perf banlist defaultgamemode datapack random place trigger".split(
    " ",
  ),
);

import { Policy } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { npcClientId, policyFragment } from "../../src/definitions/command-patterns.js";
import {
  MAX_LINE_CHARS,
  MAX_SPEECH_COMMAND_CHARS,
  sanitizeForMinecraft,
  speechCommand,
  speechCommands,
  summonCommand,
} from "../../src/world/minecraft-commands.js";
import { npcDefinition } from "../support/definitions.js";

const bob = npcDefinition();
const textOf = (command: string) =>
  (JSON.parse(command.slice(command.indexOf(" [") + 1)) as [string, unknown, { text: string }])[2].text;

describe("speech and presence commands", () => {
  // Feature: minecraft-mcp-bridge, Property: NPC speech is a JSON text component whose text is exactly the line
  it("carries any text as data inside one ASCII command line", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const command = speechCommand(bob, text);
        expect(command).toMatch(/^[\x20-\x7e]+$/);
        expect(command).not.toMatch(/;|&&|\|\|/);
        const json = command.slice(command.indexOf(" [") + 1);
        expect(JSON.parse(json)).toEqual(["", { text: "<Villager Bob> ", color: "green" }, { text }]);
      }),
      { numRuns: 200 },
    );
  });

  it("escapes ; & | in speech, so text with them is not refused as chaining and reads back the same", () => {
    const command = speechCommand(bob, "a; b && c || d");
    expect(command).toContain("a\\u003b b \\u0026\\u0026 c \\u007c\\u007c d");
    expect(textOf(command)).toBe("a; b && c || d");
  });

  it("splits speech so every command fits the default length limit and the NPC's policy allows it", () => {
    const policy = Policy.parse(policyFragment([bob]));
    const client = policy.clientById(npcClientId(bob))!;
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 600 }), (text) => {
        const commands = speechCommands(bob, text);
        for (const command of commands) {
          expect(command.length).toBeLessThanOrEqual(MAX_SPEECH_COMMAND_CHARS);
          policy.authorize(client, "execute_command", { command });
        }
        const said = commands.map(textOf).join("").replace(/ /g, "");
        expect(said).toBe(sanitizeForMinecraft(text).join("").replace(/ /g, ""));
      }),
      { numRuns: 200 },
    );
    const long = speechCommands(bob, "\u00e9".repeat(200));
    expect(long.length).toBeGreaterThan(1);
  });

  it("sanitises text for chat: no formatting codes or control characters, bounded lines", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1200 }), (text) => {
        for (const line of sanitizeForMinecraft(text)) {
          expect(line.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
          expect(line).not.toMatch(/[\u0000-\u001f\u00a7]/);
          expect(line).toBe(line.trim());
        }
      }),
      { numRuns: 200 },
    );
    expect(sanitizeForMinecraft("\u00a7cRed\nline  two")).toEqual(["Red line two"]);
  });

  it("summons a named, tagged, still and invulnerable villager", () => {
    expect(summonCommand(bob)).toBe(
      `summon minecraft:villager 2 64 2 {CustomName:'"Villager Bob"',CustomNameVisible:1b,NoAI:1b,Invulnerable:1b,PersistenceRequired:1b,Silent:1b,Tags:["npc_bob"]}`,
    );
    const nether = npcDefinition({
      location: { dimension: "minecraft:the_nether", x: 0.5, y: 70, z: -3.25 },
    });
    expect(summonCommand(nether)).toMatch(
      /^execute in minecraft:the_nether run summon minecraft:villager 0\.5 70 -3\.25 /,
    );
  });
});

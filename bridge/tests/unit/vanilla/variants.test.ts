import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bridgeErrorOf } from "../../../../shared/testing/errors.js";
import { isEssentialsList, parseEssentialsList } from "../../../src/vanilla/essentials-list.js";
import { classifyFailure } from "../../../src/vanilla/failures.js";
import { stripFormatting } from "../../../src/vanilla/formatting.js";
import { parseList, parseTickQuery, tablesFor } from "../../../src/vanilla/game-text.js";
import { playerInfoFromData } from "../../../src/vanilla/player-data.js";
import {
  compareVersions,
  profileFromStatusName,
  profileFromVersionAnswer,
} from "../../../src/vanilla/server-profile.js";
import { parseSnbt } from "../../../src/vanilla/snbt.js";

const ESC = "\u001b";

describe("formatting codes", () => {
  it("strips § codes (also the hex form) and ANSI escapes, nothing else", () => {
    expect(stripFormatting("§6There are §c3§6/§c1§6 out of maximum §c20§6 players online.")).toBe(
      "There are 3/1 out of maximum 20 players online.",
    );
    expect(stripFormatting("§x§f§f§a§a§0§0Gold§r text")).toBe("Gold text");
    expect(stripFormatting(`${ESC}[0mThe time is 1000${ESC}[38;2;255;170;0m!${ESC}[m`)).toBe(
      "The time is 1000!",
    );
  });

  it("leaves text without codes unchanged", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("\u00a7") && !s.includes(ESC)),
        (text) => {
          expect(stripFormatting(text)).toBe(text);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("server profile", () => {
  it("reads brand and version from the status ping's version name", () => {
    expect(profileFromStatusName("1.21.4")).toMatchObject({ version: "1.21.4", brand: "vanilla" });
    expect(profileFromStatusName("Paper 1.21.11")).toMatchObject({ version: "1.21.11", brand: "paper" });
    expect(profileFromStatusName("Spigot 1.20.6")).toMatchObject({ version: "1.20.6", brand: "spigot" });
    expect(profileFromStatusName("26.1")).toMatchObject({ version: "26.1", brand: "vanilla" });
    expect(profileFromStatusName("Velocity 3.3.0-SNAPSHOT")).toMatchObject({ brand: "unknown" });
  });

  it("reads the version command of vanilla 1.21.6+ and of Bukkit servers", () => {
    const vanilla =
      "Server version info:id = 1.21.11name = 1.21.11data = 4671series = mainprotocol = 774 (0x40000306)";
    expect(profileFromVersionAnswer(vanilla)).toMatchObject({ version: "1.21.11", brand: "vanilla" });
    const paper =
      "This server is running Paper version 1.21.4-232-ver/1.21.4@12ae6a4 (2025-05-10T21:04:23Z) (MC: 1.21.4)\nYou are running the latest version";
    expect(profileFromVersionAnswer(paper)).toMatchObject({ version: "1.21.4", brand: "paper" });
    expect(profileFromVersionAnswer("Unknown or incomplete command, see below for error")).toBeUndefined();
  });

  it("orders versions numerically and picks the version's own string table first", () => {
    expect(compareVersions("1.21.9", "1.21.11")).toBe(-1);
    expect(compareVersions("26.1", "1.21.11")).toBe(1);
    expect(tablesFor("1.21.1")[0]!.since).toBe("1.20.5");
    expect(tablesFor("1.21.11")[0]!.since).toBe("1.21.9");
    expect(tablesFor("26.1")[0]!.since).toBe("1.21.9");
  });
});

describe("EssentialsX list", () => {
  it("counts hidden players as online and lists everyone the console sees", () => {
    const answer =
      "§6There are §c3§6/§c1§6 out of maximum §c20§6 players online.\n§6default§r: §fAlice§f, §7[HIDDEN]§r§fBob§f, Carol§f, §7[AFK]§rDave§f";
    expect(isEssentialsList(answer)).toBe(true);
    expect(parseEssentialsList(answer)).toEqual({
      online: 4,
      max: 20,
      players: ["Alice", "Bob", "Carol", "Dave"],
    });
  });

  it("splits group lines at their coloured tags when RCON joined them without newlines", () => {
    const answer =
      "§6There are §c3§6 out of maximum §c50§6 players online.§6Admins§r: §4Alice§f§6Default§r: §fBob§f, ~Nick (Carol)§f";
    expect(parseList(answer)).toEqual({ online: 3, max: 50, players: ["Alice", "Bob", "Carol"] });
  });

  it("an empty server", () => {
    expect(parseList("§6There are §c0§6 out of maximum §c20§6 players online.")).toEqual({
      online: 0,
      max: 20,
      players: [],
    });
  });
});

describe("1.21.9+ wording", () => {
  it("classifies the new unknown-command and integer-bound texts", () => {
    expect(
      classifyFailure("Unknown or incomplete command. See below for error...nd<--[HERE]", true)?.code,
    ).toBe("INVALID_COMMAND");
    const low = classifyFailure("Integer must not be less than 1: found 0...aft:stone 0<--[HERE]", false);
    expect(low?.code).toBe("INVALID_ARGS");
    expect(low?.message).toContain("Integer must not be less than 1: found 0");
    expect(classifyFailure(`${ESC}[0mUnknown or incomplete command, see below for error`, true)?.code).toBe(
      "INVALID_COMMAND",
    );
  });

  it("tick query with '. Sample:'", () => {
    const answer =
      "The game is running normallyTarget tick rate: 20.0 per second.\nAverage time per tick: 4.2ms (Target: 50.0ms)Percentiles: P50: 3.9ms P95: 6.1ms P99: 8.0ms. Sample: 100";
    expect(parseTickQuery(answer, profileFromStatusName("1.21.11"))).toBe(20);
  });

  it("an answer no version knows fails quoting it (escaped) and naming version and brand", async () => {
    const paper = profileFromStatusName("Paper 1.21.4");
    const error = await bridgeErrorOf(
      Promise.resolve().then(() => parseList('Il y a 2 joueurs "en ligne"\n', paper)),
    );
    expect(error.code).toBe("SERVER_ERROR");
    expect(error.message).toContain('"Il y a 2 joueurs \\"en ligne\\"\\n"');
    expect(error.message).toContain("Minecraft 1.21.4 (paper;");
    expect(error.details).toMatchObject({ version: "1.21.4", brand: "paper" });
  });
});

describe("player data from 1.21.5 on", () => {
  it("reads armour and off-hand from the equipment compound", () => {
    const data = parseSnbt(
      '{Pos: [0.5d, 64.0d, 0.5d], UUID: [I; 1, 2, 3, 4], Health: 20.0f, foodLevel: 20, Inventory: [{Slot: 0b, id: "minecraft:torch", count: 12}], equipment: {head: {id: "minecraft:iron_helmet", count: 1}, offhand: {id: "minecraft:shield", count: 1, components: {"minecraft:damage": 3}}}}',
    );
    expect(playerInfoFromData("Steve", data).inventory).toEqual([
      { type: "minecraft:torch", quantity: 12 },
      { type: "minecraft:iron_helmet", quantity: 1 },
      { type: "minecraft:shield", quantity: 1 },
    ]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../../src/vanilla/failures.js";
import {
  parseDayTimeline,
  parseGave,
  parseList,
  parseTeleported,
  parseTest,
  parseTickQuery,
  parseTimeQuery,
} from "../../../src/vanilla/game-text.js";

const nameArb = fc.stringMatching(/^[A-Za-z0-9_]{1,16}$/);

describe("vanilla answer parsers", () => {
  it("list: returns exactly the names the server lists", () => {
    // Feature: minecraft-mcp-bridge, Property 8: Player list query completeness
    fc.assert(
      fc.property(fc.uniqueArray(nameArb, { maxLength: 30 }), fc.nat(500), (names, extra) => {
        const max = names.length + extra;
        const answer = `There are ${names.length} of a max of ${max} players online: ${names.join(", ")}`;
        expect(parseList(answer)).toEqual({ online: names.length, max, players: names });
      }),
      { numRuns: 200 },
    );
  });

  it("time query daytime", () => {
    expect(parseTimeQuery("The time is 13000")).toBe(13000);
    expect(() => parseTimeQuery("Il est 13000")).toThrow(/time query/);
  });

  it("time query day on 26.1+: the day timeline's tick, within the day; never the days passed", () => {
    expect(parseDayTimeline("Timeline minecraft:day is at 13000 tick(s)")).toBe(13000);
    expect(parseDayTimeline("§7Timeline minecraft:day is at 24504 tick(s)")).toBe(504);
    expect(parseDayTimeline("Timeline minecraft:day is at -1000 tick(s)")).toBe(23000);
    // Before 26.1 `time query day` is the days passed, which is not a time of day.
    expect(() => parseDayTimeline("The time is 3")).toThrow(/time query day/);
  });

  it("tick query: target rate when ticks keep up, slower when lagging, 0 when frozen", () => {
    const running = (mspt: string) =>
      `The game is running normallyTarget tick rate: 20.0 per second.\nAverage time per tick: ${mspt}ms (Target: 50.0ms)Percentiles: P50: 1.0ms P95: 2.0ms P99: 3.0ms, sample: 100`;
    expect(parseTickQuery(running("12.3"))).toBe(20);
    expect(parseTickQuery(running("80.0"))).toBe(12.5);
    expect(
      parseTickQuery(
        "The game is frozen\nTarget tick rate: 20.0 per second.\nAverage time per tick: 0.1ms (Target: 50.0ms)",
      ),
    ).toBe(0);
    expect(
      parseTickQuery(
        "The game is sprintingTarget tick rate: 20.0 per second (ignored, reference only).\nAverage time per tick: 2.0ms",
      ),
    ).toBe(500);
    expect(() => parseTickQuery("Unknown or incomplete command, see below for errortick<--[HERE]")).toThrow(
      /tick query/,
    );
  });

  it("execute if: Test passed / Test failed", () => {
    expect(parseTest("Test passed")).toBe(true);
    expect(parseTest("Test failed")).toBe(false);
    expect(() => parseTest("")).toThrow();
  });

  it("tp: the location the server reports", () => {
    expect(parseTeleported("Teleported Steve to 1.500000, -64.000000, 3.250000")).toEqual({
      player: "Steve",
      x: 1.5,
      y: -64,
      z: 3.25,
    });
  });

  it("give and tp: the bare player name when a team's prefix or suffix decorates it", () => {
    expect(parseGave("Gave 1 [Crafting Table] to [rojo]Cryptic_ES")).toEqual({
      count: 1,
      player: "Cryptic_ES",
    });
    expect(parseGave("Gave 64 [Stone] to [Admin] Steve [AFK]")).toEqual({ count: 64, player: "Steve" });
    expect(parseTeleported("Teleported [Admin] Steve to 1.500000, 64.000000, -2.000000")).toEqual({
      player: "Steve",
      x: 1.5,
      y: 64,
      z: -2,
    });
  });

  it("classifies failure texts into protocol codes", () => {
    const unknown = "Unknown or incomplete command, see below for errorfoo<--[HERE]";
    expect(classifyFailure(unknown, true)?.code).toBe("INVALID_COMMAND");
    expect(classifyFailure("Unknown item 'minecraft:nope'...nope<--[HERE]", false)?.code).toBe(
      "INVALID_ARGS",
    );
    expect(classifyFailure("Unknown item 'minecraft:nope'...nope<--[HERE]", true)?.code).toBe(
      "INVALID_COMMAND",
    );
    expect(classifyFailure("Can't give more than 100 of [Diamond Sword]", false)?.code).toBe("INVALID_ARGS");
    expect(classifyFailure("An unexpected error occurred trying to execute that command", true)?.code).toBe(
      "SERVER_ERROR",
    );
    expect(classifyFailure("Gave 1 [Stone] to Steve", false)).toBeUndefined();
    expect(classifyFailure("", true)).toBeUndefined();
  });
});

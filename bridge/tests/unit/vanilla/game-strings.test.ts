import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GAME_STRING_TABLES, resolveEras } from "../../../src/vanilla/game-string-tables.js";
import { GAME_STRING_ERAS } from "../../../src/vanilla/game-strings.js";

/** The tables as they were when every era repeated the whole table (commit b788914). */
const BEFORE: { since: string; checked: string[]; strings: Record<string, string> }[] = JSON.parse(
  readFileSync(new URL("../../fixtures/game-strings/tables-b788914.json", import.meta.url), "utf8"),
).tables;

const tableOf = (since: string) => GAME_STRING_TABLES.find((t) => t.since === since)!;

describe("game strings: a base era and what changed since", () => {
  it("every era resolves to exactly the full table it had before the eras stated only changes", () => {
    expect(BEFORE.map((t) => t.since)).toEqual(["1.20.5", "1.21.6", "1.21.9"]);
    for (const before of BEFORE) {
      expect(tableOf(before.since)).toEqual(before);
    }
  });

  it("a later era states only what differs from the era before it", () => {
    for (let i = 1; i < GAME_STRING_ERAS.length; i++) {
      const before = GAME_STRING_TABLES[i - 1]!.strings;
      const changed = Object.entries(GAME_STRING_ERAS[i]!.changed);
      expect(changed.length).toBeGreaterThan(0);
      for (const [key, text] of changed) expect(before[key], key).not.toBe(text);
    }
  });

  it("the wordings that changed between eras", () => {
    expect(tableOf("1.20.5").strings["commands.version.name"]).toBeUndefined();
    expect(tableOf("1.21.6").strings["commands.version.name"]).toBe("name = %s");
    expect(tableOf("1.21.6").strings["command.unknown.command"]).toBe(
      "Unknown or incomplete command, see below for error",
    );
    expect(tableOf("1.21.9").strings["command.unknown.command"]).toBe(
      "Unknown or incomplete command. See below for error",
    );
    expect(tableOf("1.21.9").strings["commands.version.name"]).toBe("name = %s");
    expect(tableOf("1.21.9").strings["argument.integer.low"]).toBe(
      "Integer must not be less than %s: found %s",
    );
  });

  it("a change overrides the string before it, and a new key is added", () => {
    const tables = resolveEras([
      { since: "1", checked: ["1"], changed: { a: "A", b: "B" } },
      { since: "2", checked: ["2", "2.1"], changed: { b: "B2", c: "C" } },
      { since: "3", checked: ["3"], changed: { a: "A3" } },
    ]);
    expect(tables.map((t) => t.strings)).toEqual([
      { a: "A", b: "B" },
      { a: "A", b: "B2", c: "C" },
      { a: "A3", b: "B2", c: "C" },
    ]);
    expect(tables[1]!.checked).toEqual(["2", "2.1"]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSnbt, SnbtSyntaxError, type SnbtValue } from "../../../src/vanilla/snbt.js";

type Tagged =
  | { kind: "num"; value: number; suffix: string }
  | { kind: "str"; value: string }
  | { kind: "list"; items: Tagged[] }
  | { kind: "ints"; prefix: string; items: number[] }
  | { kind: "compound"; entries: [string, Tagged][] };

/** Prints SNBT the way vanilla's pretty printer does (", " and ": "), with random suffix case. */
function print(t: Tagged): string {
  switch (t.kind) {
    case "num":
      return `${t.value}${t.suffix}`;
    case "str": {
      const quote = t.value.includes('"') ? "'" : '"';
      return quote + t.value.replaceAll("\\", "\\\\").replaceAll(quote, `\\${quote}`) + quote;
    }
    case "list":
      return `[${t.items.map(print).join(", ")}]`;
    case "ints":
      return `[${t.prefix}; ${t.items.join(", ")}]`;
    case "compound":
      return `{${t.entries.map(([k, v]) => `${/^[A-Za-z0-9._+-]+$/.test(k) ? k : JSON.stringify(k)}: ${print(v)}`).join(", ")}}`;
  }
}

function plain(t: Tagged): SnbtValue {
  switch (t.kind) {
    case "num":
      return t.value;
    case "str":
      return t.value;
    case "list":
      return t.items.map(plain);
    case "ints":
      return t.items;
    case "compound":
      return Object.fromEntries(t.entries.map(([k, v]) => [k, plain(v)]));
  }
}

const { tagged } = fc.letrec<{ tagged: Tagged }>((tie) => ({
  tagged: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({
      kind: fc.constant("num" as const),
      // -0 is left out: the test's printer writes it as "0" (String(-0)), which reads back as +0.
      value: fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => !Object.is(v, -0)),
      ),
      suffix: fc.constantFrom("", "b", "B", "s", "S", "L", "l", "f", "F", "d", "D"),
    }),
    fc.record({ kind: fc.constant("str" as const), value: fc.string({ unit: "grapheme", maxLength: 20 }) }),
    fc.record({ kind: fc.constant("list" as const), items: fc.array(tie("tagged"), { maxLength: 4 }) }),
    fc.record({
      kind: fc.constant("ints" as const),
      prefix: fc.constantFrom("I", "B", "L"),
      items: fc.array(fc.integer(), { maxLength: 5 }),
    }),
    fc.record({
      kind: fc.constant("compound" as const),
      entries: fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), tie("tagged")), {
        maxLength: 4,
        selector: (e) => e[0],
      }),
    }),
  ),
}));

describe("parseSnbt", () => {
  it("reads back any value printed in vanilla's SNBT style", () => {
    fc.assert(
      fc.property(tagged, (t) => {
        expect(parseSnbt(print(t))).toEqual(plain(t));
      }),
      { numRuns: 300 },
    );
  });

  it("reads escapes, bare words and booleans", () => {
    expect(
      parseSnbt(String.raw`{a: "x\ny\t\u00e9\\", b: 'say "hi"', c: stone_1.x, d: true, e: false}`),
    ).toEqual({
      a: "x\ny\té\\",
      b: 'say "hi"',
      c: "stone_1.x",
      d: 1,
      e: 0,
    });
  });

  it("leaves out what 1.20.5+ folds into <...> (long lists and arrays, too deep a nesting)", () => {
    // As a real 1.21 player's recipe book ends (vanilla-corpus/entity-data.json, MinecraftDataAPI#13).
    expect(parseSnbt('{recipes: ["minecraft:lever", "minecraft:glass_bottle", <...>], a: 1b}')).toEqual({
      recipes: ["minecraft:lever", "minecraft:glass_bottle"],
      a: 1,
    });
    expect(parseSnbt("[I; 1, 2,<...>]")).toEqual([1, 2]);
    expect(parseSnbt("{deep: [<...>], deeper: {<...>}}")).toEqual({ deep: [], deeper: {} });
    // Only the end of a list may be folded.
    for (const bad of ["[<...>, 1]", "{a: 1, <...>}", "{<...>, a: 1}", "<...>"])
      expect(() => parseSnbt(bad), bad).toThrowError(SnbtSyntaxError);
  });

  it("refuses malformed text with a position, never another error", () => {
    for (const bad of [
      "{a: 1",
      "{a 1}",
      '[I; 1, "x"]',
      '"open',
      "{a: 1} trailing",
      "",
      "{: 1}",
      '"\\q"',
      '"\\UFFFFFFFF"',
    ]) {
      expect(() => parseSnbt(bad), bad).toThrowError(SnbtSyntaxError);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          parseSnbt(text);
        } catch (error) {
          expect(error).toBeInstanceOf(SnbtSyntaxError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

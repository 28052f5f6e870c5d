// Feature: minecraft-mcp-bridge, Property: the filename check accepts exactly the paths the game stores unchanged and that carry no invisible character or percent-escape
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkFilePath, filePathProblem } from "../../src/game/file-path.js";
import { type Capabilities, profileOf } from "../../src/game/game-versions.js";
import {
  atLeast,
  type GameVersion,
  gameResolvePath,
  isContentFile,
  isScript,
} from "../../testing/game-rules.js";

// Pieces that hit every rule: separators, dots, forbidden characters, extensions, odd Unicode.
const piece = fc.constantFrom(
  "a",
  "b",
  "lib",
  "x1",
  "/",
  "//",
  ".",
  "..",
  "./",
  "../",
  ".js",
  ".ts",
  ".tsx",
  ".jsx",
  ".script",
  ".txt",
  ".json",
  ".exe",
  ".lit",
  " ",
  "*",
  "?",
  "[",
  "]",
  "!",
  "\\",
  "~",
  "|",
  "#",
  '"',
  "'",
  "-",
  "_",
  "é",
  "\u0000",
  "\n",
  "😀",
  "\t",
  "\u202E",
  "\u2066",
  "\u200B",
  "\u00A0",
  "%2e",
  "%",
  "2F",
);
const anyPath = fc.array(piece, { minLength: 0, maxLength: 8 }).map((parts) => parts.join(""));
// Mostly well-formed paths, so acceptance is exercised as often as refusal.
const likelyPath = fc
  .tuple(
    fc.constantFrom("", "/"),
    fc.array(fc.constantFrom("lib", "a.b", ".", "..", "x y", ""), { maxLength: 3 }),
    fc.constantFrom("main", "a.b", ".hidden", ""),
    fc.constantFrom(".js", ".ts", ".tsx", ".jsx", ".script", ".txt", ".json", ".css", ".exe", ".", ""),
  )
  .map(([lead, dirs, name, ext]) => lead + dirs.map((d) => `${d}/`).join("") + name + ext);
const path = fc.oneof(anyPath, likelyPath);

/** What we refuse although the game would store it: invisible characters and percent-escapes. */
const stricter = (p: string) => /(?! )[\p{Cc}\p{Cf}\p{Z}\p{Cs}]/u.test(p) || /%[0-9A-Fa-f]{2}/.test(p);

describe("checkFilePath against the game's rules", () => {
  it("accepts a path exactly when the game stores a content file under that same name", () => {
    fc.assert(
      fc.property(path, (p) => {
        const stored = gameResolvePath(p);
        const gameKeepsIt =
          stored !== null && stored === p.replace(/^\//, "") && isContentFile(stored, "3.0") && !stricter(p);
        expect(filePathProblem(p, "content") === undefined).toBe(gameKeepsIt);
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts a script path exactly when the game would calculate its RAM", () => {
    fc.assert(
      fc.property(path, (p) => {
        const stored = gameResolvePath(p);
        const ok =
          stored !== null && stored === p.replace(/^\//, "") && isScript(stored, "3.0") && !stricter(p);
        expect(filePathProblem(p, "script") === undefined).toBe(ok);
      }),
      { numRuns: 2000 },
    );
  });

  it("returns the stored name and explains each refusal", () => {
    expect(checkFilePath("/lib/util.js")).toBe("lib/util.js");
    expect(filePathProblem("   ")).toMatch(/empty/);
    expect(filePathProblem("my file.js")).toMatch(/space/);
    expect(filePathProblem("a//b.js")).toMatch(/empty directory/);
    expect(filePathProblem("../b.js")).toMatch(/'\.' or '\.\.'/);
    expect(filePathProblem("README")).toMatch(/no extension/);
    expect(filePathProblem("x.exe")).toMatch(/\.js .*\.json/);
    expect(filePathProblem("notes.txt", "script")).toMatch(/not a script/);
    expect(() => checkFilePath("a*.js")).toThrowError(/filename 'a\*\.js' contains '\*'/);
    expect(filePathProblem("a\u0000.js")).toMatch(/U\+0000 at index 1/);
    expect(filePathProblem("x\u202Esj.txt")).toMatch(/U\+202E/);
    expect(filePathProblem("%2e%2e/x.js")).toMatch(/percent-escape '%2e'/);
    expect(() => checkFilePath("a\n.js")).toThrowError(/filename 'a\\u\{a\}\.js'/);
  });
});

/** What the probes learn from each release of the fake game (game-capabilities.ts; its integration test checks this). */
const capabilitiesOf = (v: GameVersion): Capabilities => ({
  json: atLeast(v, "2.6.1"),
  jsxTs: atLeast(v, "2.8"),
  css: atLeast(v, "3.0"),
  fileMetadata: atLeast(v, "3.0"),
});
const VERSIONS: GameVersion[] = ["2.6.0", "2.6.1", "2.8", "3.0"];

describe("checkFilePath for the connected release", () => {
  it.each(VERSIONS)(
    "%s: accepts exactly what that release stores, and as a script what it runs",
    (version) => {
      const game = profileOf(capabilitiesOf(version));
      fc.assert(
        fc.property(path, (p) => {
          const stored = gameResolvePath(p);
          const same = stored !== null && stored === p.replace(/^\//, "") && !stricter(p);
          expect(filePathProblem(p, "content", game) === undefined).toBe(
            same && isContentFile(stored, version),
          );
          expect(filePathProblem(p, "script", game) === undefined).toBe(same && isScript(stored, version));
        }),
        { numRuns: 500 },
      );
    },
  );

  it("names each release range from what the probes found; an unreadable answer refuses nothing", () => {
    expect(VERSIONS.map((v) => profileOf(capabilitiesOf(v)).version)).toEqual([
      "2.6.0",
      "2.6.1 or newer, older than 2.7.0",
      "2.7.0 or newer, older than 3.0.0",
      "3.0.0 or newer",
    ]);
    const unsure = profileOf({ json: false, jsxTs: undefined, css: false, fileMetadata: false });
    expect(unsure.version).toBe("2.6.0");
    expect(unsure.scripts).toContain(".ts");
  });
});

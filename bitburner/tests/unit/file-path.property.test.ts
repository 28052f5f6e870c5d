// Feature: minecraft-mcp-bridge, Property: the filename check accepts exactly the paths the game stores unchanged and that carry no invisible character or percent-escape
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkFilePath, filePathProblem } from "../../src/game/file-path.js";
import { gameResolvePath, isContentFile, isScript } from "../support/game-rules.js";

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
    fc.constantFrom(".js", ".ts", ".script", ".txt", ".json", ".exe", ".", ""),
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

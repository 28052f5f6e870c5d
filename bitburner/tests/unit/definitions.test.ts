import { describe, expect, it } from "vitest";
import { indexDefinitions, lineOf, sectionAt } from "../../src/definitions/sections.js";
import { page } from "../../src/tools/tool-kit.js";
import { netscriptDefinitions } from "../../testing/definitions-fixture.js";

const SAMPLE = [
  "/** Intro */",
  "",
  "/**",
  " * The NS.",
  " */",
  "export interface NS {",
  "  /** a member */",
  "  hack(host: string): Promise<number>;",
  "}",
  "// a line comment",
  "type Alias = NS;",
  "declare const enum Flags {",
  "  A,",
  "}",
  "",
].join("\n");

describe("indexDefinitions", () => {
  it("splits top-level declarations, each with the doc comment above it", () => {
    const index = indexDefinitions(SAMPLE);
    expect(index.sections.map((s) => [s.kind, s.name, s.line])).toEqual([
      ["interface", "NS", 6],
      ["type", "Alias", 11],
      ["enum", "Flags", 12],
    ]);
    const ns = index.sections[0]!;
    expect(SAMPLE.slice(ns.start, ns.end)).toBe(
      "/**\n * The NS.\n */\nexport interface NS {\n  /** a member */\n  hack(host: string): Promise<number>;\n}\n",
    );
    expect(SAMPLE.slice(index.sections[1]!.start, index.sections[1]!.end)).toBe(
      "// a line comment\ntype Alias = NS;\n",
    );
    expect(lineOf(index, SAMPLE.indexOf("hack("))).toBe(8);
    expect(sectionAt(index, SAMPLE.indexOf("hack("))?.name).toBe("NS");
    expect(sectionAt(index, 0)).toBeUndefined();
  });

  it("indexes the 300 KB fixture into many sections that cover it in order", () => {
    const text = netscriptDefinitions();
    const index = indexDefinitions(text);
    expect(index.sections.length).toBeGreaterThan(100);
    for (let i = 1; i < index.sections.length; i++) {
      expect(index.sections[i]!.start).toBe(index.sections[i - 1]!.end);
    }
  });
});

describe("page", () => {
  it("never splits a surrogate pair and says where the next page starts", () => {
    expect(page("ab😀cd", 0, 3)).toEqual({ content: "ab", nextOffset: 2 });
    expect(page("ab😀cd", 2, 2)).toEqual({ content: "😀", nextOffset: 4 });
    expect(page("abc", 0, 10)).toEqual({ content: "abc", nextOffset: null });
    expect(page("abc", 10, 10)).toEqual({ content: "", nextOffset: null });
  });
});

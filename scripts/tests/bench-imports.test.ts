/**
 * Issue 26, item 8: benchmarks are a tool with support code of their own. What they share with the
 * tests lives in a workspace's `testing/` folder; no file in scripts/bench imports from a `tests/`
 * folder (those hold the tests and their assertion helpers, free to change with the tests).
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const bench = new URL("../bench/", import.meta.url);
const SOURCES = /\.(ts|mjs|js)$/;
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function testImports(file: string): string[] {
  const text = readFileSync(new URL(file, bench), "utf8");
  return [...text.matchAll(SPECIFIERS)].map((m) => m[1] ?? "").filter((s) => /(^|\/)tests\//.test(s));
}

describe("scripts/bench", () => {
  const files = readdirSync(bench).filter((name) => SOURCES.test(name));

  it("has sources to check", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s imports nothing from a tests/ folder", (file) => {
    expect(testImports(file)).toEqual([]);
  });
});

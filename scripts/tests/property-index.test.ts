/**
 * docs/properties.md is the index of seed 000's correctness properties and the tests that carry
 * their tag (`Feature: minecraft-mcp-bridge, Property N: <name>`). This keeps the index true: it
 * must list exactly the files that carry each tag, and every property must have one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SKIP = new Set(["node_modules", "dist", "target", ".git", ".run", "build"]);
const TAG = /Feature: minecraft-mcp-bridge, Property (\d+): /g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|java)$/.test(entry.name)) out.push(path);
  }
  return out;
}

function taggedFiles(): Map<number, Set<string>> {
  const byProperty = new Map<number, Set<string>>();
  for (const file of sourceFiles(ROOT)) {
    if (file.endsWith("property-index.test.ts")) continue;
    for (const match of readFileSync(file, "utf8").matchAll(TAG)) {
      const n = Number(match[1]);
      if (!byProperty.has(n)) byProperty.set(n, new Set());
      byProperty.get(n)!.add(relative(ROOT, file));
    }
  }
  return byProperty;
}

/** Rows `| N | name | `file` `file` |` of docs/properties.md. */
function indexedFiles(): Map<number, Set<string>> {
  const doc = readFileSync(join(ROOT, "docs/properties.md"), "utf8");
  const rows = new Map<number, Set<string>>();
  for (const line of doc.split("\n")) {
    const row = /^\| (\d+) \| [^|]+ \| (.*) \|$/.exec(line);
    if (!row) continue;
    rows.set(Number(row[1]), new Set([...row[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));
  }
  return rows;
}

describe("docs/properties.md", () => {
  const tagged = taggedFiles();
  const indexed = indexedFiles();

  it("lists, for every property, exactly the files that carry its tag", () => {
    for (let n = 1; n <= 22; n++) {
      expect([...(indexed.get(n) ?? [])].sort(), `property ${n}`).toEqual([...(tagged.get(n) ?? [])].sort());
    }
  });

  it("has a tagged test for each of the 22 properties", () => {
    const missing = Array.from({ length: 22 }, (_, i) => i + 1).filter((n) => !tagged.get(n)?.size);
    expect(missing).toEqual([]);
  });
});

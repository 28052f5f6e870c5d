/**
 * Issue 26, item 10: every repository path the docs name exists. A path is a backticked word or a
 * Markdown link target that starts with one of the top-level folders. Build output (`dist/`,
 * `target/`) and the run folder are made by the scripts, not kept in git, so they are skipped;
 * `<name>` stands for any one path segment and `...` for any number of them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const TOP = /^(?:\.\/)?((?:shared|mcp|bridge|npc|bitburner|one-process|scripts|mod|docs|\.ci)\/[^\s`)#:]*)/;
const GENERATED = /(^|\/)(dist|target|node_modules|\.run)(\/|$)|\.build-stamp$/;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

function namedPaths(markdown: string): string[] {
  const words = [...markdown.matchAll(/`([^`\s]+)`/g), ...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map(
    (m) => m[1] ?? "",
  );
  return words.flatMap((word) => {
    const match = TOP.exec(word);
    const path = match?.[1];
    return path && !GENERATED.test(path) ? [path] : [];
  });
}

/** Whether a path with `<name>` and `...` placeholders matches something in the repository. */
function exists(path: string, base = root): boolean {
  const segments = path.split("/").filter((s) => s !== "");
  if (segments.length === 0) return true;
  const [head = "", ...rest] = segments;
  if (head === "...") {
    if (exists(rest.join("/"), base)) return true;
    return subfolders(base).some((dir) => exists(path, dir));
  }
  if (/<[^>]+>/.test(head)) {
    const pattern = new RegExp(`^${head.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>/g, ".+")}$`);
    return entries(base).some((name) => pattern.test(name) && exists(rest.join("/"), join(base, name)));
  }
  return existsSync(join(base, head)) && exists(rest.join("/"), join(base, head));
}

const entries = (dir: string) => (existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir) : []);
const subfolders = (dir: string) =>
  entries(dir)
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory() && !path.endsWith("node_modules"));

describe("docs name only paths that exist", () => {
  const files = [join(root, "README.md"), ...markdownFiles(root)].filter(
    (file, i, all) => all.indexOf(file) === i,
  );
  for (const file of files) {
    it(relative(root, file), () => {
      const missing = namedPaths(readFileSync(file, "utf8")).filter((path) => !exists(path));
      expect(missing).toEqual([]);
    });
  }
});

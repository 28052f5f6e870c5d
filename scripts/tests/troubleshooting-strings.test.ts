/**
 * Issue 28: every message docs/troubleshooting.md quotes (a "double-quoted" string in its tables) is
 * one the code can produce, so a user who searches the page for what they see finds it. `...` and a
 * lone capital letter (N, K) stand for any text; each literal piece must occur
 * in the sources of the shipped parts (tests excluded). Messages written by other programs are listed
 * with who writes them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Quoted in the page, written by something that is not ours. */
const OTHERS: Record<string, string> = {
  "401 Unauthorized": "the Minecraft server's management endpoint (HTTP status)",
  "OOM command not allowed": "Redis",
  "Error with websocket": "the Bitburner game",
  "listen EADDRINUSE ... 12525": "Node.js",
};

const SOURCE_DIRS = [
  "shared/src",
  "mcp/src",
  "bridge/src",
  "npc/src",
  "bitburner/src",
  "scripts",
  "mod/core/src/main",
  "mod/devserver/src/main",
  "mod/neoforge/src/main",
];
const SKIP = /(^|\/)(node_modules|dist|target|tests|\.run)(\/|$)/;
const SOURCE = /\.(ts|mjs|sh|java)$|^scripts\/[a-z-]+$/;

function files(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, dir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = `${dir}/${name}`;
    if (SKIP.test(path)) return [];
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return SOURCE.test(path) ? [path] : [];
  });
}

function quotedMessages(markdown: string): string[] {
  const rows = markdown.split("\n").filter((line) => line.startsWith("|"));
  return [...new Set(rows.flatMap((row) => [...row.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)))];
}

/** The literal pieces of a quoted message. */
function pieces(message: string): string[] {
  return message
    .split(/\.\.\.|(?<![\w.])[A-Z](?![\w.])/)
    .map((piece) => piece.replace(/^[\s:;,.]+|[\s:;,.]+$/g, ""))
    .filter((piece) => piece.length >= 3);
}

describe("docs/troubleshooting.md", () => {
  const corpus = SOURCE_DIRS.flatMap(files)
    .map((path) => readFileSync(join(root, path), "utf8"))
    .join("\n");
  const messages = quotedMessages(readFileSync(join(root, "docs/troubleshooting.md"), "utf8"));

  it("quotes messages", () => {
    expect(messages.length).toBeGreaterThan(10);
  });

  it.each(messages.filter((m) => !(m in OTHERS)))("%s: the code can produce it", (message) => {
    const missing = pieces(message).filter((piece) => !corpus.includes(piece));
    expect(missing, `pieces of "${message}" found in no source file`).toEqual([]);
  });

  it("lists only messages of others that the page still quotes", () => {
    for (const message of Object.keys(OTHERS)) expect(messages).toContain(message);
  });
});

// Feature: minecraft-mcp-bridge, Property: no control/bidi character, percent-escape or traversal in a filename or server reaches the game
// Hostile `filename` and `server` arguments through a real MCP client, a real WebSocket and the
// fake game: each is refused with INVALID_ARGS saying what is wrong, and no frame carrying one is sent.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeGame } from "../../testing/fake-game.js";
import { call, httpHarness } from "../../testing/harness.js";
import { errorOf } from "../support/errors.js";

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Cs}]/u;
const TRAVERSAL = /(^|\/)\.\.?(\/|$)|%[0-9A-Fa-f]{2}/;
const HOSTNAME = /^[A-Za-z0-9._-]{1,64}$/;
const INVISIBLE = /(?! )[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Cs}]/u;

/** What the game received, parsed: every frame's server and filename. */
function sentNames(game: FakeGame, from: number): { server?: string; filename?: string }[] {
  return game.received.slice(from).map((f) => (JSON.parse(f) as { params?: object }).params ?? {});
}

describe("hostile names", () => {
  let h: Awaited<ReturnType<typeof httpHarness>>;
  let game: FakeGame;
  let client: Client;

  beforeAll(async () => {
    h = await httpHarness();
    client = h.client;
    game = await FakeGame.connect(h.gameUrl);
  });
  afterAll(async () => {
    await game?.close();
    await h?.close();
  });

  it("refuses each example before sending, saying what is wrong", async () => {
    const sent = game.received.length;
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["write_file", { filename: "a\u0000.js", content: "x" }, /U\+0000 at index 1/],
      ["write_file", { filename: "a\n.js", content: "x" }, /U\+000A/],
      ["write_file", { filename: "evil\u202Esj.txt", content: "x" }, /U\+202E/],
      ["read_file", { filename: "%2e%2e/x.js" }, /percent-escape '%2e'/],
      ["read_file", { filename: "../x.js" }, /'\.' or '\.\.' segment/],
      ["list_files", { server: "../home" }, /server '\.\.\/home' contains '\/'/],
      ["list_files", { server: "home; rm" }, /server 'home; rm' contains ';'/],
      ["list_files", { server: "home\u2066" }, /U\+2066/],
      ["get_all_files", { server: ".." }, /not a server/],
      ["delete_file", { filename: "x.js", server: "a".repeat(65) }, /longer than 64/],
    ];
    for (const [tool, args, message] of cases) {
      const error = errorOf(await call(client, tool, args));
      expect(error.code, JSON.stringify(args)).toBe("INVALID_ARGS");
      expect(error.message).toMatch(message);
      expect(error.message, "the message shows them escaped").not.toMatch(INVISIBLE);
    }
    expect(game.received.length).toBe(sent);
  });

  it("property: whatever the model sends, no frame to the game carries an unsafe name", async () => {
    const hostile = fc.constantFrom(
      "\u0000",
      "\n",
      "\r",
      "\t",
      "\u007F",
      "\u0085",
      "\u200B",
      "\u200E",
      "\u202A",
      "\u202E",
      "\u2066",
      "\u2069",
      "\u2028",
      "\uFEFF",
      "\u00A0",
      "\uD800",
      "%2e%2e/",
      "%2F",
      "%00",
      "../",
      "./",
      "..",
      ";",
      "$(",
      "`",
      " ",
    );
    const withInsert = (base: fc.Arbitrary<string>) =>
      fc
        .tuple(base, fc.array(fc.tuple(hostile, fc.nat()), { maxLength: 3 }))
        .map(([b, inserts]) =>
          inserts.reduce(
            (s, [piece, at]) => s.slice(0, at % (s.length + 1)) + piece + s.slice(at % (s.length + 1)),
            b,
          ),
        );
    const filename = withInsert(fc.constantFrom("hack.js", "lib/util.js", "notes.txt", "a.script"));
    const server = withInsert(fc.constantFrom("home", "n00dles", "foodnstuff"));
    const tool = fc.constantFrom("write_file", "read_file", "delete_file", "calculate_ram", "list_files");
    await fc.assert(
      fc.asyncProperty(tool, filename, server, async (name, file, host) => {
        const from = game.received.length;
        const args = name === "list_files" ? { server: host } : { filename: file, server: host };
        const result = await call(client, name, name === "write_file" ? { ...args, content: "x" } : args);
        for (const p of sentNames(game, from)) {
          expect(p.server).toMatch(HOSTNAME);
          expect(p.server).not.toBe("..");
          if (p.filename !== undefined) {
            expect(p.filename).not.toMatch(UNSAFE);
            expect(p.filename).not.toMatch(TRAVERSAL);
          }
        }
        // the server is trimmed (as its schema says); ';' '$' '`' are legal in file names, not in hostnames
        const badServer = UNSAFE.test(host.trim()) || TRAVERSAL.test(host) || /[;$`/%]/.test(host);
        const badFile = name !== "list_files" && (UNSAFE.test(file) || TRAVERSAL.test(file));
        if (badServer || badFile) expect(errorOf(result).code).toBe("INVALID_ARGS");
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * 26.3's `System chat: ` prefix (parse-line.ts): behind it the parser reads exactly the join, quit
 * or death it reads from the bare message (what servers before 26.3 write), and never chat, so the
 * prefix neither hides an event nor lets any text become one it would not be without the prefix.
 * The prefix is taken once: a system message that itself starts with it is nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LogLineParser, type ParsedLine } from "../../../src/logtail/parse-line.js";

const PIECES = [
  "Alex",
  "Steve",
  "xX_Pro_Xx",
  " joined the game",
  " left the game",
  " (formerly known as Alex)",
  " was slain by ",
  "Zombie",
  " using [Iron Sword]",
  " fell from a high place",
  " has made the advancement [Stone Age]",
  "<Alex> ",
  "[Not Secure] <Steve> ",
  "[Rcon: Kicked Alex: ",
  "]",
  "System chat: ",
  "Starting minecraft server version 26.3",
  " ",
];
const message = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PIECES),
      fc.string({ maxLength: 6 }).map((s) => s.replace(/[\r\n]/g, "")),
    ),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((parts) => parts.join(""));
const LAYOUTS = [
  "[12:34:56] [Server thread/INFO]: ",
  "[12:34:56 INFO]: ",
  "[2026-09-25 12:34:56] [Server thread/INFO]: ",
];

const GAME_EVENTS = new Set(["player_join", "player_quit", "player_death"]);
const gameEvent = (p: ParsedLine) =>
  p.kind === "event" && GAME_EVENTS.has(p.type) ? { type: p.type, data: p.data } : null;
const anyEvent = (p: ParsedLine) => (p.kind === "event" ? { type: p.type, data: p.data } : null);

describe("26.3 system messages", () => {
  // Feature: minecraft-mcp-bridge, Property 12: Malformed message resilience (player text never forges a log event)
  it("'System chat: m' gives the join, quit or death that 'm' gives, never chat, and nothing when m repeats the prefix", () => {
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(...LAYOUTS),
        (messages, head) => {
          const prefixed = new LogLineParser();
          const bare = new LogLineParser();
          for (const m of messages) {
            const got = anyEvent(prefixed.parse(`${head}System chat: ${m}`));
            const want = gameEvent(bare.parse(`${head}${m}`));
            expect(got, m).toEqual(m.startsWith("System chat: ") ? null : want);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

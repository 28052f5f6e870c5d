// Subscription filtering, pure (no Redis): the filter the event tools, notifications and the
// recent-events resource all use.
import { EVENT_TYPES } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Subscription } from "../../src/events/subscription.js";

const players = ["Steve", "Alex", "Notch", "Herobrine"];
const event = fc.record({ type: fc.constantFrom(...EVENT_TYPES), player: fc.constantFrom(...players) });

describe("Subscription", () => {
  // Feature: minecraft-mcp-bridge, Property 17: Event subscription filtering
  it("delivers an event iff its type (and player, when set) is subscribed; empty means all", () => {
    fc.assert(
      fc.property(
        fc.subarray([...EVENT_TYPES]),
        fc.subarray(players),
        fc.array(event, { maxLength: 30 }),
        (types, who, events) => {
          const sub = new Subscription({ types, players: who });
          for (const e of events) {
            const expected =
              (types.length === 0 || types.includes(e.type)) && (who.length === 0 || who.includes(e.player));
            expect(sub.matches(e)).toBe(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("matches player names case-insensitively, as Minecraft does", () => {
    expect(new Subscription({ players: ["steve"] }).matches({ type: "player_join", player: "Steve" })).toBe(
      true,
    );
  });

  it("parses comma lists from headers and config, refusing unknown types with INVALID_ARGS", () => {
    expect(Subscription.parse("player_chat, player_join", "Steve").get()).toEqual({
      types: ["player_chat", "player_join"],
      players: ["Steve"],
    });
    expect(Subscription.parse(undefined, undefined).get()).toEqual({ types: [], players: [] });
    expect(() => Subscription.parse("player_chat,explosions", undefined)).toThrow(
      /Unknown event type\(s\) explosions/,
    );
  });
});

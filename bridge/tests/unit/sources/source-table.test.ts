import { EVENT_TYPES, type EventSourceName } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SOURCE_PRIORITY, SourceArbiter } from "../../../src/sources/source-table.js";

const arbiter = (configured: EventSourceName[], mode?: "mod" | "vanilla", connected = false) =>
  new SourceArbiter({ configured, modConnected: () => connected, detectedMode: () => mode });

describe("SourceArbiter", () => {
  it("gives every type to the mod once it is present, except server_status", () => {
    for (const a of [arbiter(["log", "management"], "mod"), arbiter(["log"], undefined, true)]) {
      expect(a.typesOf("mod")).toEqual(EVENT_TYPES.filter((t) => t !== "server_status"));
      expect(a.typesOf("log")).toEqual([]);
    }
    expect(arbiter(["management"], "mod").typesOf("management")).toEqual(["server_status"]);
  });

  it("without the mod: the log wins chat, join, quit and death; management joins and quits only without a log", () => {
    const both = arbiter(["log", "management"], "vanilla");
    expect(both.typesOf("log")).toEqual(["player_join", "player_quit", "player_chat", "player_death"]);
    expect(both.typesOf("management")).toEqual(["server_status"]);
    expect(both.lostBy("management")).toEqual(new Map([["log", ["player_join", "player_quit"]]]));
    const alone = arbiter(["management"], "vanilla");
    expect(alone.typesOf("management")).toEqual(["player_join", "player_quit", "server_status"]);
    expect(alone.winner("player_chat")).toBeUndefined();
  });

  it("is not ready until the mode is known or the mod's session is connected", () => {
    expect(arbiter(["log"]).ready()).toBe(false);
    expect(arbiter(["log"], "vanilla").ready()).toBe(true);
    expect(arbiter(["log"], undefined, true).ready()).toBe(true);
  });

  it("stores each type through exactly one source, the first of its row the server has", () => {
    const names: EventSourceName[] = ["log", "management"];
    fc.assert(
      fc.property(
        fc.subarray(names),
        fc.constantFrom(undefined, "mod" as const, "vanilla" as const),
        fc.boolean(),
        (configured, mode, connected) => {
          const a = arbiter(configured, mode, connected);
          for (const type of EVENT_TYPES) {
            const winners = (["mod", ...names] as EventSourceName[]).filter((s) => a.wins(s, type));
            expect(winners.length).toBeLessThanOrEqual(1);
            const present = SOURCE_PRIORITY[type].filter((s) =>
              s === "mod" ? connected || mode === "mod" : configured.includes(s),
            );
            expect(winners[0]).toBe(present[0]);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

// Reading stream entries the bridge wrote: the fields clients see, and entries that are skipped.
import { makeResponse, PROTOCOL_VERSION, toAsciiJson } from "@mcp-bridge/shared";
import { recordFromEntry, type StreamEntry } from "@mcp-bridge/shared/events";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const entry = (event: unknown, id = "1-0"): StreamEntry => [
  id,
  [
    "event",
    typeof event === "string" ? event : toAsciiJson(event),
    "type",
    "x",
    "player",
    "x",
    "serverId",
    "s1",
  ],
];
const chat = (message: unknown) => ({
  version: PROTOCOL_VERSION,
  type: "event",
  id: "e1",
  timestamp: 1700000000000,
  source: "minecraft",
  payload: { eventType: "player_chat", seq: 7, data: { player: "Steve", message } },
});

describe("recordFromEntry", () => {
  it("moves chat text into untrustedPlayerText and keeps cursor, seq and time", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 100 }), (text) => {
        const record = recordFromEntry("s1", entry(chat(text), "42-1"));
        expect(record).toEqual({
          cursor: "42-1",
          serverId: "s1",
          type: "player_chat",
          seq: 7,
          player: "Steve",
          source: "mod",
          timestamp: 1700000000000,
          data: { player: "Steve" },
          untrustedPlayerText: text,
        });
      }),
      { numRuns: 100 },
    );
  });

  it("names the source from the entry's origin and serves server_status without a player", () => {
    const status = {
      ...chat("x"),
      payload: { eventType: "server_status", seq: 3, data: { status: "saved" } },
    };
    const [id, fields] = entry(status, "9-0");
    const record = recordFromEntry("s1", [id, [...fields, "origin", "management"]]);
    expect(record).toMatchObject({
      type: "server_status",
      player: "",
      source: "management",
      data: { status: "saved" },
    });
    const [cid, cfields] = entry(chat("hi"), "9-1");
    expect(recordFromEntry("s1", [cid, [...cfields, "origin", "log"]])?.source).toBe("log");
    expect(recordFromEntry("s1", [cid, [...cfields, "origin", "mod"]])?.source).toBe("mod");
  });

  it("leaves out a source it does not know instead of calling it the mod", () => {
    const [id, fields] = entry(chat("hi"));
    const record = recordFromEntry("s1", [id, [...fields, "origin", "rcon-poller"]]);
    expect(record?.type).toBe("player_chat");
    expect(record?.source).toBeUndefined();
  });

  it("skips entries that are not events instead of throwing", () => {
    const bad = [
      "{not json",
      "null",
      "[]",
      toAsciiJson(makeResponse("r1", {})),
      toAsciiJson({ ...chat("hi"), payload: { eventType: "player_fly", seq: 1, data: { player: "Steve" } } }),
      toAsciiJson({
        ...chat("hi"),
        payload: { eventType: "player_chat", data: { player: "Steve", message: "x" } },
      }),
      toAsciiJson(chat(42)),
    ];
    for (const text of bad) expect(recordFromEntry("s1", entry(text))).toBeUndefined();
    expect(recordFromEntry("s1", ["1-0", ["type", "player_chat"]])).toBeUndefined();
  });
});

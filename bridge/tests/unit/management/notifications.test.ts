import { EVENT_DATA_SCHEMAS } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventOfNotification, NOTIFICATION } from "../../../src/management/notifications.js";

const steve = { id: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Steve" };

describe("management notifications", () => {
  it("maps the wiki's notifications, positional or named params", () => {
    expect(eventOfNotification(NOTIFICATION.joined, [steve])).toEqual({
      type: "player_join",
      data: { player: "Steve", uuid: steve.id },
    });
    expect(eventOfNotification(NOTIFICATION.left, { player: steve })).toEqual({
      type: "player_quit",
      data: { player: "Steve", uuid: steve.id },
    });
    expect(eventOfNotification(NOTIFICATION.saved, undefined)).toEqual({
      type: "server_status",
      data: { status: "saved" },
    });
    expect(
      eventOfNotification(NOTIFICATION.status, [
        { started: true, players: [steve], version: { name: "1.21.9", protocol: 773 } },
      ]),
    ).toEqual({
      type: "server_status",
      data: { status: "heartbeat", started: true, version: "1.21.9", onlinePlayers: 1 },
    });
    expect(eventOfNotification("minecraft:notification/operators/added", [steve])).toBeUndefined();
  });

  it("reads a status without players (the real server leaves an empty list out) as nobody online", () => {
    expect(
      eventOfNotification(NOTIFICATION.status, [
        { started: true, version: { name: "1.21.11", protocol: 774 } },
      ]),
    ).toEqual({
      type: "server_status",
      data: { status: "heartbeat", started: true, version: "1.21.11", onlinePlayers: 0 },
    });
  });

  it("never produces an event that fails the shared schema, whatever the params", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(NOTIFICATION)), fc.anything(), (method, params) => {
        const event = eventOfNotification(method, params);
        if (event) expect(EVENT_DATA_SCHEMAS[event.type].safeParse(event.data).success).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(eventOfNotification(NOTIFICATION.joined, [{ id: "x", name: "not a name!" }])).toBeUndefined();
  });
});

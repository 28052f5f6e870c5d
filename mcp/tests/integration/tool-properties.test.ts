// Property tests through the real Client, Redis and BullMQ (the fake bridge is the peer).
import { ERROR_CODES } from "@mcp-bridge/shared";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, errorCode, type Harness, startHarness, textOf } from "../support/harness.js";

let h: Harness;
let client: Client;
beforeAll(async () => {
  h = await startHarness();
  client = await h.connect();
});
afterAll(async () => {
  await h.close();
});

const name = fc.stringMatching(/^[A-Za-z0-9_]{3,16}$/);

describe("tool properties", () => {
  // Feature: minecraft-mcp-bridge, Property 2: Command forwarding and execution
  it("forwards any valid give_item / send_message call unchanged and returns success", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("Steve", "Alex"),
        fc.stringMatching(/^[a-z_]{1,20}$/),
        fc.integer({ min: 1, max: 6400 }),
        fc.string({ minLength: 1, maxLength: 60 }),
        async (player, item, quantity, message) => {
          const give = await call(client, "give_item", { player, item: `minecraft:${item}`, quantity });
          expect(give.isError, textOf(give)).toBeFalsy();
          expect(h.bridge.seen.at(-1)!.envelope.payload).toEqual({
            command: "give_item",
            args: { player, item: `minecraft:${item}`, quantity },
          });
          const sent = await call(client, "send_message", { message, target: player });
          expect(sent.structuredContent).toEqual({ recipients: [player] });
          expect(h.bridge.seen.at(-1)!.envelope.payload).toMatchObject({ args: { message, target: player } });
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  // Feature: minecraft-mcp-bridge, Property 8: Player list query completeness
  it("get_online_players returns exactly the connected players", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(name, { maxLength: 8 }), async (online) => {
        h.bridge.players.clear();
        for (const p of online) h.bridge.players.add(p);
        const result = await call(client, "get_online_players");
        expect(result.structuredContent).toEqual({ players: online, online: online.length, max: 20 });
      }),
      { numRuns: 100 },
    );
    h.bridge.players.clear();
    h.bridge.players.add("Steve").add("Alex");
  }, 60_000);

  // Feature: minecraft-mcp-bridge, Property 3: Command failure error responses
  it("any failure the bridge reports comes back as isError with its code and descriptive message", async () => {
    await fc.assert(
      fc.asyncProperty(name, async (player) => {
        fc.pre(player !== "Steve" && player !== "Alex");
        const result = await call(client, "teleport_player", { player, x: 0, y: 64, z: 0 });
        expect(errorCode(result)).toBe("PLAYER_NOT_FOUND");
        expect(ERROR_CODES).toContain(errorCode(result));
        expect(textOf(result)).toContain(`player ${player} is not online; online players: Steve, Alex`);
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

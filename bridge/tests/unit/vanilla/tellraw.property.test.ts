/** send_message in vanilla mode: any text reaches the game as one tellraw command carrying it intact. */
import { parseJson } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runVanilla } from "../../../src/vanilla/operations.js";
import { FakeGame, steveSnbt } from "./fake-game.js";

const ctx = { serverVersion: async () => "1.21.1" };

describe("send_message in vanilla mode", () => {
  it("any text arrives as one tellraw command whose JSON decodes to the same text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", minLength: 1, maxLength: 100 }), async (message) => {
        const g = new FakeGame();
        g.players = [{ name: "Steve", dimension: "minecraft:overworld", snbt: steveSnbt() }];
        await runVanilla("send_message", { message }, g, ctx);
        const command = g.sent.at(-1)!;
        expect(command.startsWith("tellraw @a {")).toBe(true);
        expect(/^[\x20-\x7e]*$/.test(command)).toBe(true); // one line, ASCII only
        expect(parseJson(command.slice("tellraw @a ".length))).toEqual({ text: message });
      }),
      { numRuns: 150 },
    );
  });
});

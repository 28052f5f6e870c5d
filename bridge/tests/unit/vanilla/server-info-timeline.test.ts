/**
 * get_server_info's time of day across the 26.1 change: 26.1 dropped `time query daytime`; its
 * `time query day` answers the day timeline ("Timeline minecraft:day is at N tick(s)"), while before
 * 26.1 `time query day` is the number of days passed and must never be read as the time.
 */
import { describe, expect, it } from "vitest";
import { runVanilla } from "../../../src/vanilla/operations.js";
import { FakeGame, steveSnbt } from "./fake-game.js";

function game(): FakeGame {
  const g = new FakeGame();
  g.players = [{ name: "Steve", dimension: "minecraft:overworld", snbt: steveSnbt() }];
  return g;
}

const unknownVersion = { serverVersion: async () => "A Proxy" }; // a status name without a version
const asked = (g: FakeGame) => g.sent.filter((c) => c.startsWith("time query"));

describe("get_server_info's time of day", () => {
  it("on 26.1+ reads the day timeline: time query daytime is gone there", async () => {
    const g = Object.assign(game(), { dayTimeline: true, daytime: 13000 });
    const info = await runVanilla("get_server_info", {}, g, { serverVersion: async () => "26.1" });
    expect(info).toMatchObject({ version: "26.1", timeOfDay: 13000 });
    expect(g.sent).toContain("time query day");
    expect(g.sent).not.toContain("time query daytime");
  });

  it("of an unknown version asks for the timeline only once daytime is refused", async () => {
    const g = Object.assign(game(), { dayTimeline: true, daytime: 30000 });
    expect(await runVanilla("get_server_info", {}, g, unknownVersion)).toMatchObject({ timeOfDay: 6000 });
    expect(asked(g)).toEqual(["time query daytime", "time query day"]);
    const old = Object.assign(game(), { daytime: 30000 });
    expect(await runVanilla("get_server_info", {}, old, unknownVersion)).toMatchObject({ timeOfDay: 30000 });
    expect(asked(old)).toEqual(["time query daytime"]);
  });

  it("of an unknown version explains the daytime answer when neither is readable", async () => {
    const g = game();
    g.daytime = Number.NaN; // "The time is NaN": neither wording
    await expect(runVanilla("get_server_info", {}, g, unknownVersion)).rejects.toThrow(/time query daytime/);
  });
});

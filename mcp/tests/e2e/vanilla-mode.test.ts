/**
 * End to end, vanilla mode: the devserver runs WITHOUT the mod, so the bridge detects vanilla on
 * connect and runs every operation with vanilla commands, parsing their text. World scans need the
 * mod and answer UNSUPPORTED with a message saying so. The whole suite runs against every flavour
 * (vanilla, Paper, Paper with EssentialsX's list) and every version (1.21.1, 1.21.11 and 26.1
 * wording and player data) the devserver imitates: E2E_FLAVOURS covers each at least once, because a
 * stack takes 4-7 s to start (bridge/tests/integration/vanilla runs every combination).
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_FLAVOURS } from "../../../shared/testing/flavours.js";
import { call, ok, withNobodyOnline } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";

describe.each(E2E_FLAVOURS)("e2e without the mod (vanilla mode) on $name", (flavour) => {
  let stack: Stack;
  let http: Client;

  beforeAll(async () => {
    stack = await startStack({ noMod: true, devserverArgs: flavour.args });
    http = await stack.httpClient();
  });
  afterAll(async () => stack?.stop());

  it("runs every tool vanilla can do, through the queue, over HTTP", async () => {
    expect((await ok(http, "get_online_players")).players).toEqual(expect.arrayContaining(["Steve", "Alex"]));
    const info = await ok(http, "get_server_info");
    expect({ version: info.version, online: info.onlinePlayers }).toEqual({
      version: flavour.statusName,
      online: 2,
    });
    expect(["CLEAR", "RAIN", "THUNDER"]).toContain(info.weather);
    await ok(http, "teleport_player", { player: "Alex", x: 3.5, y: 80, z: 3.5, world: "world_nether" });
    const alex = await ok(http, "get_player_info", { player: "Alex" });
    expect(alex.location).toMatchObject({ world: "minecraft:the_nether", x: 3.5, y: 80, z: 3.5 });
    expect(
      (await ok(http, "give_item", { player: "Alex", item: "minecraft:apple", quantity: 2 })).quantity,
    ).toBe(2);
    expect((await ok(http, "send_message", { message: 'quotes " and \\ and ünïcode' })).recipients).toEqual(
      expect.arrayContaining(["Steve", "Alex"]),
    );
    expect((await ok(http, "send_message", { message: "hi", target: "alex" })).recipients).toEqual(["Alex"]);
    // time query day answers on every version (26.1 has no daytime: its day is a timeline)
    expect((await ok(http, "execute_command", { command: "time query day" })).output).toMatch(/time/i);
    const inventory = (await ok(http, "get_player_info", { player: "Alex" })).inventory;
    expect(inventory).toEqual(expect.arrayContaining([{ type: "minecraft:apple", quantity: 2 }]));
  });

  it("answers get_world_info with UNSUPPORTED and says the mod is needed", async () => {
    const outcome = await call(http, "get_world_info", { x: 0, y: 64, z: 0, radius: 1 });
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(/UNSUPPORTED/);
    expect(outcome.text).toMatch(/mod/i);
  });

  it("maps vanilla's unknown-player text to PLAYER_NOT_FOUND", async () => {
    const outcome = await call(http, "teleport_player", { player: "Herobrine", x: 0, y: 64, z: 0 });
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(/PLAYER_NOT_FOUND/);
    expect(outcome.text).toMatch(/online players: .*Steve/);
    expect((await call(http, "get_player_info", { player: "Herobrine" })).text).toMatch(/PLAYER_NOT_FOUND/);
  });

  it("maps the version's unknown-command text to INVALID_COMMAND", async () => {
    const outcome = await call(http, "execute_command", { command: "frobnicate" });
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(/INVALID_COMMAND/);
  });

  it("runs execute_command 'list' with nobody online as a success (a result of 0 is not an error)", async () => {
    const list = await withNobodyOnline(stack, http, () => ok(http, "execute_command", { command: "list" }));
    // vanilla's list, or EssentialsX's (colour codes stripped)
    expect(list.output).toMatch(/^There are 0 (of a max of|out of maximum) \d+ players online/);
  });
});

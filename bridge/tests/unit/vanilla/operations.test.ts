import { errorDetails, OPERATION_NAMES, OPERATIONS, parseJson } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bridgeErrorOf } from "../../../../shared/testing/errors.js";
import { coordinate, runVanilla, VANILLA_OPERATIONS } from "../../../src/vanilla/operations.js";
import { FakeGame, steveSnbt } from "./fake-game.js";

const ctx = { serverVersion: async () => "1.21.1" };

function game(): FakeGame {
  const g = new FakeGame();
  g.players = [
    { name: "Steve", dimension: "minecraft:the_nether", snbt: steveSnbt() },
    { name: "Alex", dimension: "minecraft:overworld", snbt: steveSnbt() },
  ];
  return g;
}

describe("runVanilla", () => {
  it("get_online_players", async () => {
    expect(await runVanilla("get_online_players", {}, game(), ctx)).toEqual({
      players: ["Steve", "Alex"],
      online: 2,
      max: 20,
    });
  });

  it("get_player_info maps the entity data", async () => {
    // Feature: minecraft-mcp-bridge, Property 9: Player info query completeness
    const info = await runVanilla("get_player_info", { player: "steve" }, game(), ctx);
    expect(info).toEqual({
      name: "Steve",
      uuid: "ffffffff-0000-0002-0000-0003fffffffc",
      health: 17.5,
      foodLevel: 18,
      location: { world: "minecraft:overworld", x: 10.5, y: 64, z: -3.25 },
      gameMode: "CREATIVE",
      inventory: [
        { type: "minecraft:stone", quantity: 64 },
        { type: "minecraft:diamond_sword", quantity: 1 },
      ],
    });
  });

  it("get_server_info combines list, time, tick, weather predicates and the version", async () => {
    // Feature: minecraft-mcp-bridge, Property 10: Server info query completeness
    const g = game();
    for (const [raining, thundering, weather] of [
      [false, false, "CLEAR"],
      [true, false, "RAIN"],
      [true, true, "THUNDER"],
    ] as const) {
      Object.assign(g, { raining, thundering });
      expect(await runVanilla("get_server_info", {}, g, ctx)).toEqual({
        version: "1.21.1",
        onlinePlayers: 2,
        maxPlayers: 20,
        timeOfDay: 6000,
        weather,
        tps: 20,
      });
    }
  });

  it("get_server_info on 26.1+ reads the day timeline: time query daytime is gone there", async () => {
    const g = Object.assign(game(), { dayTimeline: true, daytime: 13000 });
    const info = await runVanilla("get_server_info", {}, g, { serverVersion: async () => "26.1" });
    expect(info).toMatchObject({ version: "26.1", timeOfDay: 13000 });
    expect(g.sent).toContain("time query day");
    expect(g.sent).not.toContain("time query daytime");
  });

  it("get_server_info of an unknown version asks for the timeline only once daytime is refused", async () => {
    const noVersion = { serverVersion: async () => "A Proxy" }; // a status name without a version
    const g = Object.assign(game(), { dayTimeline: true, daytime: 30000 });
    expect(await runVanilla("get_server_info", {}, g, noVersion)).toMatchObject({ timeOfDay: 6000 });
    const asked = (f: FakeGame) => f.sent.filter((c) => c.startsWith("time query"));
    expect(asked(g)).toEqual(["time query daytime", "time query day"]);
    // Before 26.1 daytime answers, and `time query day` (the days passed) is never read as the time.
    const old = Object.assign(game(), { daytime: 30000 });
    expect(await runVanilla("get_server_info", {}, old, noVersion)).toMatchObject({ timeOfDay: 30000 });
    expect(asked(old)).toEqual(["time query daytime"]);
  });

  it("get_server_info of an unknown version explains the daytime answer when neither is readable", async () => {
    const g = game();
    g.daytime = Number.NaN; // "The time is NaN": neither wording
    await expect(
      runVanilla("get_server_info", {}, g, { serverVersion: async () => "A Proxy" }),
    ).rejects.toThrow(/time query daytime/);
  });

  it("teleport_player maps world aliases and otherwise keeps the player's dimension", async () => {
    const g = game();
    const result = await runVanilla(
      "teleport_player",
      { player: "Steve", x: 1, y: 70, z: -2, world: "world_the_end" },
      g,
      ctx,
    );
    expect(g.sent.at(-1)).toBe("execute in minecraft:the_end run tp Steve 1.000000 70.000000 -2.000000");
    expect(result).toEqual({ player: "Steve", location: { world: "minecraft:the_end", x: 1, y: 70, z: -2 } });
    const g2 = game();
    await runVanilla("teleport_player", { player: "Steve", x: 0.25, y: 5, z: 9 }, g2, ctx);
    expect(g2.sent).toEqual([
      "data get entity Steve Dimension",
      "execute in minecraft:the_nether run tp Steve 0.250000 5.000000 9.000000",
    ]);
    expect(coordinate(3)).toContain(".");
  });

  it("teleport_player to world 'nether' goes to minecraft:the_nether, the id a real server knows", async () => {
    const g = game();
    await runVanilla("teleport_player", { player: "Steve", x: 1, y: 70, z: -2, world: "nether" }, g, ctx);
    expect(g.sent.at(-1)).toBe("execute in minecraft:the_nether run tp Steve 1.000000 70.000000 -2.000000");
  });

  it("give_item", async () => {
    const g = game();
    expect(await runVanilla("give_item", { player: "Alex", item: "diamond", quantity: 5 }, g, ctx)).toEqual({
      player: "Alex",
      item: "minecraft:diamond",
      quantity: 5,
    });
    expect(g.sent).toEqual(["give Alex minecraft:diamond 5"]);
    expect(
      (await bridgeErrorOf(runVanilla("give_item", { player: "Alex", item: "nope", quantity: 1 }, g, ctx)))
        .code,
    ).toBe("INVALID_ARGS");
  });

  it("send_message: tellraw with escaped JSON to the target or to everyone online", async () => {
    const g = game();
    expect(await runVanilla("send_message", { message: "hi" }, g, ctx)).toEqual({
      recipients: ["Steve", "Alex"],
    });
    expect(await runVanilla("send_message", { message: "hi", target: "alex" }, g, ctx)).toEqual({
      recipients: ["Alex"],
    });
    expect(g.sent.at(-1)).toBe('tellraw Alex {"text":"hi"}');
  });

  it("send_message: any text arrives as one tellraw command whose JSON decodes to the same text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", minLength: 1, maxLength: 100 }), async (message) => {
        const g = game();
        await runVanilla("send_message", { message }, g, ctx);
        const command = g.sent.at(-1)!;
        expect(command.startsWith("tellraw @a {")).toBe(true);
        expect(/^[\x20-\x7e]*$/.test(command)).toBe(true); // one line, ASCII only
        expect(parseJson(command.slice("tellraw @a ".length))).toEqual({ text: message });
      }),
      { numRuns: 150 },
    );
  });

  it("PLAYER_NOT_FOUND names the online players", async () => {
    for (const [op, args] of [
      ["get_player_info", { player: "Herobrine" }],
      ["give_item", { player: "Herobrine", item: "stone", quantity: 1 }],
      ["teleport_player", { player: "Herobrine", x: 0, y: 0, z: 0, world: "world" }],
      ["send_message", { message: "boo", target: "Herobrine" }],
      ["execute_command", { command: "give Herobrine stone 1" }],
    ] as const) {
      const error = await bridgeErrorOf(runVanilla(op, args, game(), ctx));
      expect(error.code, op).toBe("PLAYER_NOT_FOUND");
      expect(errorDetails("PLAYER_NOT_FOUND", error.details).online, op).toEqual(["Steve", "Alex"]);
    }
  });

  it("execute_command returns the text, and unknown commands are INVALID_COMMAND", async () => {
    const g = game();
    expect(await runVanilla("execute_command", { command: "/list" }, g, ctx)).toEqual({
      output: "There are 2 of a max of 20 players online: Steve, Alex",
    });
    expect((await bridgeErrorOf(runVanilla("execute_command", { command: "frobnicate" }, g, ctx))).code).toBe(
      "INVALID_COMMAND",
    );
  });

  it("refuses bad arguments before sending anything: names can never smuggle a command", async () => {
    const g = game();
    for (const [op, args] of [
      ["give_item", { player: "Steve op Mallory", item: "stone", quantity: 1 }],
      ["get_player_info", { player: "Steve\nop Mallory" }],
      ["teleport_player", { player: "Steve", x: 0, y: 0, z: 0, world: "world run op Mallory" }],
      ["give_item", { player: "Steve", item: "stone 1\nop", quantity: 1 }],
      ["send_message", { message: "" }],
      ["give_item", { player: "Steve", item: "stone", quantity: 0 }],
    ] as const) {
      expect((await bridgeErrorOf(runVanilla(op, args, g, ctx))).code, JSON.stringify(args)).toBe(
        "INVALID_ARGS",
      );
    }
    expect(g.sent).toEqual([]);
  });

  it("answers UNSUPPORTED, saying the mod is needed, for what vanilla cannot do", async () => {
    const unsupported = OPERATION_NAMES.filter((op) => !VANILLA_OPERATIONS.includes(op));
    expect(unsupported.sort()).toEqual(["get_world_info", "hello"]);
    for (const op of unsupported) {
      const error = await bridgeErrorOf(runVanilla(op, {}, game(), ctx));
      expect(error.code).toBe("UNSUPPORTED");
      expect(error.message).toMatch(/Minecraft MCP Bridge mod/);
    }
  });

  it("every result validates against its schema", async () => {
    const g = game();
    const args: Record<string, unknown> = {
      execute_command: { command: "say hi" },
      send_message: { message: "hi" },
      teleport_player: { player: "Alex", x: 1, y: 2, z: 3 },
      give_item: { player: "Alex", item: "stone", quantity: 2 },
      get_online_players: {},
      get_player_info: { player: "Alex" },
      get_server_info: {},
    };
    for (const op of VANILLA_OPERATIONS) {
      const result = await runVanilla(op, args[op] as never, g, ctx);
      expect(OPERATIONS[op].result.safeParse(result).success, op).toBe(true);
    }
  });
});

import { BridgeError, errorDetails, OPERATIONS } from "@mcp-bridge/shared";
import { RconClient } from "@mcp-bridge/shared/rcon";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningDevserver, startDevserver } from "../../../../shared/testing/devserver.js";
import { DEVSERVER_FLAVOURS } from "../../../../shared/testing/flavours.js";
import { runVanilla, statusPing } from "../../../src/vanilla/index.js";

describe.each(DEVSERVER_FLAVOURS)("vanilla mode against a --no-mod devserver ($name)", (flavour) => {
  let server: RunningDevserver;
  let rcon: RconClient;
  const ctx = {
    serverVersion: async () => (await statusPing("127.0.0.1", server.statusPort)).version,
  };

  beforeAll(async () => {
    server = await startDevserver({ noMod: true, players: ["Steve", "Alex"], extraArgs: flavour.args });
    rcon = new RconClient({
      host: "127.0.0.1",
      port: server.rconPort,
      password: server.password,
      logger: pino({ level: "silent" }),
    });
    await rcon.start();
  });
  afterAll(async () => {
    await rcon?.close();
    await server?.stop();
  });

  const valid = (op: keyof typeof OPERATIONS, result: unknown) =>
    expect(OPERATIONS[op].result.safeParse(result).success, JSON.stringify(result)).toBe(true);

  it("the mod command is unknown here", async () => {
    expect(await rcon.command("mcpbridge {}")).toMatch(/^Unknown or incomplete command/);
  });

  it("status ping", async () => {
    const status = await statusPing("127.0.0.1", server.statusPort);
    expect(status.version).toBe(flavour.statusName);
    expect(status.online).toBe(2);
  });

  it("get_online_players", async () => {
    const result = await runVanilla("get_online_players", {}, rcon, ctx);
    expect(result.players.sort()).toEqual(["Alex", "Steve"]);
    expect(result.online).toBe(2);
  });

  if (flavour.name.startsWith("paper-essentials")) {
    it("EssentialsX: a vanished player is still online and listed", async () => {
      await rcon.command("sim vanish Alex");
      try {
        const result = await runVanilla("get_online_players", {}, rcon, ctx);
        expect({ online: result.online, players: [...result.players].sort() }).toEqual({
          online: 2,
          players: ["Alex", "Steve"],
        });
      } finally {
        await rcon.command("sim vanish Alex");
      }
    });
  }

  it("get_server_info, with the weather following /weather", async () => {
    await rcon.command("weather clear");
    const clear = await runVanilla("get_server_info", {}, rcon, ctx);
    valid("get_server_info", clear);
    expect({ online: clear.onlinePlayers, weather: clear.weather }, JSON.stringify(clear)).toEqual({
      online: 2,
      weather: "CLEAR",
    });
    expect(clear.version).toBe(flavour.statusName);
    expect(clear.tps).toBeGreaterThan(0);
    await rcon.command("weather thunder");
    expect((await runVanilla("get_server_info", {}, rcon, ctx)).weather).toBe("THUNDER");
    await rcon.command("weather rain");
    expect((await runVanilla("get_server_info", {}, rcon, ctx)).weather).toBe("RAIN");
  });

  it("get_player_info", async () => {
    const info = await runVanilla("get_player_info", { player: "Steve" }, rcon, ctx);
    valid("get_player_info", info);
    expect(info.name).toBe("Steve");
    expect(info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("teleport_player, with and without a world", async () => {
    const there = await runVanilla(
      "teleport_player",
      { player: "Steve", x: 10, y: 70, z: -5, world: "world_nether" },
      rcon,
      ctx,
    );
    expect(there).toEqual({
      player: "Steve",
      location: { world: "minecraft:the_nether", x: 10, y: 70, z: -5 },
    });
    const info = await runVanilla("get_player_info", { player: "Steve" }, rcon, ctx);
    expect(info.location).toEqual({ world: "minecraft:the_nether", x: 10, y: 70, z: -5 });
    const stay = await runVanilla("teleport_player", { player: "Steve", x: 1.25, y: 64, z: 2 }, rcon, ctx);
    expect(stay.location).toEqual({ world: "minecraft:the_nether", x: 1.25, y: 64, z: 2 });
  });

  it("give_item shows up in the inventory", async () => {
    const result = await runVanilla("give_item", { player: "Alex", item: "diamond", quantity: 3 }, rcon, ctx);
    expect(result).toEqual({ player: "Alex", item: "minecraft:diamond", quantity: 3 });
    const info = await runVanilla("get_player_info", { player: "Alex" }, rcon, ctx);
    expect(
      info.inventory.filter((i) => i.type === "minecraft:diamond").reduce((n, i) => n + i.quantity, 0),
    ).toBeGreaterThanOrEqual(3);
  });

  it("send_message with quotes, backslashes, newlines and unicode", async () => {
    const message = 'say "hi" \\ back\nslash é 漢 😀';
    expect(await runVanilla("send_message", { message }, rcon, ctx)).toEqual({
      recipients: expect.arrayContaining(["Steve", "Alex"]),
    });
    expect(await runVanilla("send_message", { message, target: "Alex" }, rcon, ctx)).toEqual({
      recipients: ["Alex"],
    });
  });

  it("execute_command returns the text; unknown commands are INVALID_COMMAND", async () => {
    // time query day: the days passed before 26.1, the day timeline from 26.1 (which has no daytime)
    expect((await runVanilla("execute_command", { command: "time query day" }, rcon, ctx)).output).toMatch(
      /^(The time is \d+|Timeline minecraft:day is at \d+ tick\(s\))$/,
    );
    const error = await runVanilla("execute_command", { command: "frobnicate now" }, rcon, ctx).catch(
      (e: unknown) => e,
    );
    expect((error as BridgeError).code).toBe("INVALID_COMMAND");
  });

  it("a player who is not online is PLAYER_NOT_FOUND with the online players", async () => {
    for (const [op, args] of [
      ["get_player_info", { player: "Herobrine" }],
      ["give_item", { player: "Herobrine", item: "stone", quantity: 1 }],
      ["teleport_player", { player: "Herobrine", x: 0, y: 64, z: 0, world: "world" }],
      ["send_message", { message: "hi", target: "Herobrine" }],
      ["execute_command", { command: "give Herobrine stone 1" }],
    ] as const) {
      const error = await runVanilla(op, args, rcon, ctx).catch((e: unknown) => e);
      expect(error, op).toBeInstanceOf(BridgeError);
      expect((error as BridgeError).code, op).toBe("PLAYER_NOT_FOUND");
      expect(
        [...(errorDetails("PLAYER_NOT_FOUND", (error as BridgeError).details).online ?? [])].sort(),
        op,
      ).toEqual(["Alex", "Steve"]);
    }
  });

  it("get_world_info and hello are UNSUPPORTED without the mod", async () => {
    for (const op of ["get_world_info", "hello"] as const) {
      const error = await runVanilla(op, {}, rcon, ctx).catch((e: unknown) => e);
      expect((error as BridgeError).code).toBe("UNSUPPORTED");
    }
  });
});

import { EVENT_DATA_SCHEMAS } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { LogLineParser, type ParsedLine } from "../../../src/logtail/parse-line.js";

const V = "[12:00:01] [Server thread/INFO]: ";
const event = (p: ParsedLine) => (p.kind === "event" ? { type: p.type, data: p.data } : p.kind);

describe("log line parser", () => {
  it("reads chat, joins, quits and deaths in the vanilla/Fabric, Paper and NeoForge layouts", () => {
    const lines = [
      `${V}<Steve> hello there`,
      "[12:00:01 INFO]: <Steve> hello there",
      "[23Nov2026 12:00:01.123] [Server thread/INFO] [net.minecraft.server.MinecraftServer/]: <Steve> hello there",
      "[12:00:01] [Server thread/INFO] (Minecraft) <Steve> hello there",
    ];
    for (const line of lines) {
      expect(event(new LogLineParser().parse(line))).toEqual({
        type: "player_chat",
        data: { player: "Steve", message: "hello there" },
      });
    }
    const p = new LogLineParser();
    expect(event(p.parse(`${V}[Not Secure] <Alex> hi [x]`))).toEqual({
      type: "player_chat",
      data: { player: "Alex", message: "hi [x]" },
    });
    expect(event(p.parse(`${V}Alex joined the game`))).toEqual({
      type: "player_join",
      data: { player: "Alex" },
    });
    expect(event(p.parse(`${V}Alex (formerly known as Alex_Old) joined the game`))).toEqual({
      type: "player_join",
      data: { player: "Alex", formerName: "Alex_Old" },
    });
    expect(event(p.parse(`${V}Alex left the game`))).toEqual({
      type: "player_quit",
      data: { player: "Alex" },
    });
    expect(event(p.parse(`${V}Alex was slain by Zombie using [Iron Sword]`))).toEqual({
      type: "player_death",
      data: { player: "Alex", cause: "mob.item", killer: "Zombie", weapon: "[Iron Sword]" },
    });
    expect(event(p.parse(`${V}Alex fell from a high place`))).toEqual({
      type: "player_death",
      data: { player: "Alex", cause: "fell.accident.generic", killer: null },
    });
  });

  it("adds the UUID the authenticator logged before the join (online mode)", () => {
    const p = new LogLineParser();
    const uuid = "069a79f4-44e9-4726-a5be-fca90e38aaf5";
    expect(p.parse(`[12:00:00] [User Authenticator #1/INFO]: UUID of player Notch is ${uuid}`).kind).toBe(
      "other",
    );
    expect(event(p.parse(`${V}Notch joined the game`))).toEqual({
      type: "player_join",
      data: { player: "Notch", uuid },
    });
    expect(event(p.parse(`${V}Notch left the game`))).toEqual({
      type: "player_quit",
      data: { player: "Notch", uuid },
    });
  });

  it("produces nothing for /me, /say, whispers, named entities, other threads and loggers", () => {
    const p = new LogLineParser();
    const quiet = [
      `${V}* Steve Alex joined the game`,
      `${V}[Steve] Alex left the game`,
      `${V}Named entity Wolf['Alex was slain by Zombie'/12, l='ServerLevel[world]', x=1.0, y=2.0, z=3.0] died: Alex was slain by Zombie`,
      `${V}Villager['Villager'/7] died, message: 'Villager was slain by Zombie'`,
      "[12:00:01] [Async Chat Thread - #0/INFO]: Steve joined the game",
      "[12:00:01] [Async Chat Thread - #0/INFO]: Steve was slain by Alex",
      "[12:00:01] [RCON Client /0:0:0:0:0:0:0:1 #2/INFO]: Steve left the game",
      "[12:00:01] [Server thread/INFO] (somemod) Steve left the game",
      "[12:00:01] [Server thread/WARN]: Steve left the game",
      "[23Nov2026 12:00:01.123] [Server thread/INFO] [somemod/]: Steve left the game",
      `${V}Steve lost connection: Disconnected`,
      `${V}<Team Steve> hi`,
      `${V}St joined the game`,
    ];
    for (const line of quiet) expect(p.parse(line).kind, line).toBe("other");
    expect(p.parse("\tat net.minecraft.server.Main.main(Main.java:1)").kind).toBe("unparsed");
    expect(p.parse("Steve joined the game").kind).toBe("unparsed");
  });

  it("gives no death for a console reply that starts with a mob a player named after a death", () => {
    // A mob named "Alex was slain by Zombie" (a name tag): the console's `data get entity` and `ride`
    // replies start with its name. With the prefix of 26.3 too.
    const p = new LogLineParser();
    for (const prefix of [V, `${V}System chat: `, "[12:00:01 INFO]: "]) {
      for (const reply of [
        'Alex was slain by Zombie has the following entity data: {Health: 20.0f, CustomName: "Alex was slain by Zombie"}',
        "Alex was slain by Zombie started riding Horse",
        "Alex was slain by Zombie stopped riding Horse",
        "Alex fell from a high place has the following entity data: 20.0f",
      ])
        expect(p.parse(`${prefix}${reply}`).kind, `${prefix}${reply}`).toBe("other");
    }
    expect(event(p.parse(`${V}Alex was slain by Zombie`))).toEqual({
      type: "player_death",
      data: { player: "Alex", cause: "mob", killer: "Zombie" },
    });
  });

  it("reads 26.3's system messages ('System chat: ' joins, quits, deaths) and nothing else behind it", () => {
    for (const prefix of [V, "[12:00:01 INFO]: "]) {
      const p = new LogLineParser();
      expect(event(p.parse(`${prefix}System chat: Alex joined the game`))).toEqual({
        type: "player_join",
        data: { player: "Alex" },
      });
      expect(event(p.parse(`${prefix}System chat: Alex was slain by Zombie`))).toEqual({
        type: "player_death",
        data: { player: "Alex", cause: "mob", killer: "Zombie" },
      });
      expect(event(p.parse(`${prefix}System chat: Alex left the game`))).toEqual({
        type: "player_quit",
        data: { player: "Alex" },
      });
      const quiet = [
        // Command replies and announcements: the prefix wraps them too.
        `${prefix}System chat: [Rcon: Kicked Alex: Steve joined the game]`,
        `${prefix}System chat: Alex has made the advancement [Stone Age]`,
        `${prefix}System chat: There are 0 of a max of 20 players online: `,
        `${prefix}System chat: <Alex> hi`,
        `${prefix}System chat: System chat: Steve joined the game`,
        // A player's chat that holds the prefix stays that player's chat, below.
      ];
      for (const line of quiet) expect(p.parse(line).kind, line).toBe("other");
      expect(event(p.parse(`${prefix}<Alex> System chat: Steve joined the game`))).toEqual({
        type: "player_chat",
        data: { player: "Alex", message: "System chat: Steve joined the game" },
      });
      expect(event(p.parse(`${prefix}[Not Secure] <System> chat: Steve left the game`))).toEqual({
        type: "player_chat",
        data: { player: "System", message: "chat: Steve left the game" },
      });
    }
    expect(
      new LogLineParser().parse("[12:00:01] [Async Chat Thread - #1/INFO]: System chat: Alex joined the game")
        .kind,
    ).toBe("other");
  });

  it("reads chat from Paper's and Spigot's async chat thread, with or without [Not Secure]", () => {
    const p = new LogLineParser();
    expect(event(p.parse("[12:54:03] [Async Chat Thread - #2/INFO]: [Not Secure] <name> yo"))).toEqual({
      type: "player_chat",
      data: { player: "name", message: "yo" },
    });
    expect(event(p.parse("[00:23:38] [Async Chat Thread - #0/INFO]: <Steve> hi"))).toEqual({
      type: "player_chat",
      data: { player: "Steve", message: "hi" },
    });
  });

  it("reads NeoForge dates in any locale, host panels' dates, and threads with '/' in the name", () => {
    const p = new LogLineParser();
    expect(
      event(
        p.parse(
          "[019月2024 11:20:50.200] [Server thread/INFO] [net.minecraft.server.MinecraftServer/]: Steve joined the game",
        ),
      ),
    ).toEqual({ type: "player_join", data: { player: "Steve" } });
    expect(event(p.parse("[2021-02-24 13:14:06] [Server thread/INFO]: <Steve> hi"))).toEqual({
      type: "player_chat",
      data: { player: "Steve", message: "hi" },
    });
    expect(
      p.parse("[12:00:01] [RCON Client /0:0:0:0:0:0:0:1 #2/INFO]: Thread RCON Client started").kind,
    ).toBe("other");
  });

  it("reads the player out of a team's prefix and suffix in chat", () => {
    const p = new LogLineParser();
    expect(event(p.parse(`${V}<[Admin] Steve> hi`))).toEqual({
      type: "player_chat",
      data: { player: "Steve", message: "hi" },
    });
    expect(event(p.parse(`${V}<[Dynamo] mccpc01 (afk)> a> b`))).toEqual({
      type: "player_chat",
      data: { player: "mccpc01", message: "a> b" },
    });
  });

  it("says a kill was by a player when the killer is an online player, by a mob otherwise", () => {
    const p = new LogLineParser();
    p.parse(`${V}Alex joined the game`);
    p.parse(`${V}Steve joined the game`);
    expect(event(p.parse(`${V}Steve was slain by Alex`))).toEqual({
      type: "player_death",
      data: { player: "Steve", cause: "player", killer: "Alex" },
    });
    expect(event(p.parse(`${V}Steve was slain by Alex using [Sword]`))).toMatchObject({
      data: { cause: "player.item", killer: "Alex" },
    });
    p.parse(`${V}Alex left the game`);
    expect(event(p.parse(`${V}Steve was slain by Alex`))).toMatchObject({ data: { cause: "mob" } });
    expect(event(p.parse(`${V}Steve was slain by Zombie`))).toMatchObject({ data: { cause: "mob" } });
  });

  it("every event it produces is valid against the shared schema", () => {
    const p = new LogLineParser();
    for (const line of [
      `${V}<Steve> ${"x".repeat(5000)}`,
      `${V}Alex was killed by [Intentional Game Design]`,
    ]) {
      const parsed = p.parse(line);
      expect(parsed.kind).toBe("event");
      if (parsed.kind === "event")
        expect(EVENT_DATA_SCHEMAS[parsed.type].safeParse(parsed.data).success).toBe(true);
    }
  });
});

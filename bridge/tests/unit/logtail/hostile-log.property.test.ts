/**
 * A hostile log: players choose their chat, /me and /say texts, the custom names of the mobs that
 * kill them and of their weapons and pets, and fill them with what the parser looks for (joined
 * the game, death phrases, <Other> prefixes, brackets, whole fake line prefixes, ANSI codes). The
 * parser must report exactly what really happened: the same kinds, the same players, in order.
 * Texts hold no line breaks: vanilla strips control characters from everything a player types.
 * Every layout and thread of a real server is tried, chat on Paper's async chat thread included,
 * and chat a plugin renders as any text there (`Steve joined the game`) never becomes a join.
 * 26.3's servers write system messages (joins, quits, deaths, advancements, command replies) as
 * `System chat: <message>`, so players also fill their texts with that prefix.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deathWordings } from "../../../src/logtail/death-messages.js";
import { LogLineParser } from "../../../src/logtail/parse-line.js";

const PLAYERS = ["Steve", "Alex", "Notch", "xX_Pro_Xx", "Named", "UUID"];
const player = fc.constantFrom(...PLAYERS);
const FRAGMENTS = [
  " joined the game",
  " left the game",
  "Alex joined the game",
  "Steve left the game",
  " was slain by ",
  "Alex was slain by Zombie",
  " fell from a high place",
  "<Alex> ",
  "<Steve> hi",
  "[Not Secure] <Alex> ",
  "[12:00:00] [Server thread/INFO]: Alex joined the game",
  "[12:00:00 INFO]: Steve left the game",
  "System chat: ",
  "System chat: Alex joined the game",
  "System chat: Steve was slain by Alex",
  "[12:00:00] [Server thread/INFO]: System chat: Steve left the game",
  "(formerly known as Alex)",
  "* Alex ",
  "[Alex] ",
  "]: ",
  "[",
  "]",
  "\u001b[31m",
  "\u001b[0m",
  "UUID of player Alex is 069a79f4-44e9-4726-a5be-fca90e38aaf5",
  " using [Diamond Sword]",
  " ",
];
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...FRAGMENTS),
      fc.string({ maxLength: 8 }).map((s) => s.replace(/[\r\n]/g, "")),
    ),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(""))
  .filter((t) => t.length > 0);
const deaths = deathWordings().map((w) => w.template);

type Happening =
  | { kind: "chat" | "me" | "say" | "insecureChat" | "teamChat"; player: string; text: string }
  | { kind: "pluginChat"; player: string; text: string; format: number }
  | { kind: "join" | "quit"; player: string }
  | { kind: "death"; player: string; template: string; killer: string; weapon: string }
  | { kind: "pet"; text: string; template: string }
  | { kind: "otherThread"; text: string }
  | { kind: "advancement" | "kickReply"; player: string; text: string };

const happening: fc.Arbitrary<Happening> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("chat", "me", "say", "insecureChat", "teamChat" as const),
    player,
    text,
  }),
  fc.record({ kind: fc.constant("pluginChat" as const), player, text, format: fc.nat(3) }),
  fc.record({ kind: fc.constantFrom("join", "quit" as const), player }),
  fc.record({
    kind: fc.constant("death" as const),
    player,
    template: fc.constantFrom(...deaths),
    killer: text,
    weapon: text,
  }),
  fc.record({ kind: fc.constant("pet" as const), text, template: fc.constantFrom(...deaths) }),
  fc.record({ kind: fc.constant("otherThread" as const), text }),
  // An advancement's title (a datapack's) and a kick's reason are text the server did not choose.
  fc.record({ kind: fc.constantFrom("advancement", "kickReply" as const), player, text }),
);

/**
 * How each server writes a line (taken from the real logs in fixtures/log-corpus): `game` for the
 * main thread's messages, `chat` for chat (Paper and Spigot: the async chat thread), `other` for
 * another thread's or logger's line that carries player text; `system` for a system message (26.3
 * puts `System chat: ` in front of it; before 26.3 it is a `game` line).
 */
interface Layout {
  game: (msg: string) => string;
  system?: (msg: string) => string;
  chat: (msg: string) => string;
  other: (msg: string) => string;
}
const vanilla = (thread: string) => (msg: string) => `[12:34:56] [${thread}/INFO]: ${msg}`;
const neoforge = (date: string, thread: string, logger: string) => (msg: string) =>
  `[${date} 12:34:56.789] [${thread}/INFO] [${logger}/]: ${msg}`;
/** A server that writes chat where it writes everything else. */
const sameThread = (game: (msg: string) => string, other: (msg: string) => string): Layout => ({
  game,
  chat: game,
  other,
});
const LAYOUTS: Record<string, Layout> = {
  vanilla: sameThread(vanilla("Server thread"), vanilla("RCON Client /0:0:0:0:0:0:0:1 #2")),
  paper: {
    game: vanilla("Server thread"),
    chat: vanilla("Async Chat Thread - #2"),
    other: vanilla("Craft Scheduler Thread - 3"),
  },
  folia: {
    game: vanilla("Region Scheduler Thread #0"),
    chat: vanilla("Async Chat Thread - #1"),
    other: vanilla("Folia Async Scheduler Thread #1"),
  },
  panel: sameThread(
    (msg) => `[2021-02-24 13:14:06] [Server thread/INFO]: ${msg}`,
    (msg) => `[2021-02-24 13:14:06] [Async Chat Thread - #0/WARN]: ${msg}`,
  ),
  fabric: sameThread(
    (msg) => `[12:34:56] [Server thread/INFO] (Minecraft) ${msg}`,
    (msg) => `[12:34:56] [Server thread/INFO] (somemod) ${msg}`,
  ),
  neoforge: sameThread(
    neoforge("23Nov2026", "Server thread", "net.minecraft.server.MinecraftServer"),
    neoforge("23Nov2026", "Server thread", "somemod"),
  ),
  neoforgeChinese: sameThread(
    neoforge("019月2024", "Server thread", "net.minecraft.server.MinecraftServer"),
    neoforge("019月2024", "Netty Server IO #1", "net.minecraft.server.MinecraftServer"),
  ),
  vanilla26_3: {
    ...sameThread(vanilla("Server thread"), vanilla("RCON Client /0:0:0:0:0:0:0:1 #2")),
    system: (msg) => vanilla("Server thread")(`System chat: ${msg}`),
  },
  paperConsole26_3: {
    ...sameThread(
      (msg) => `[12:34:56 INFO]: ${msg}`,
      (msg) => `[12:34:56 INFO]: [SomePlugin] ${msg}`,
    ),
    system: (msg) => `[12:34:56 INFO]: System chat: ${msg}`,
  },
  // Paper's console shows no thread, so there a plugin's line is only recognisable by its [Name] prefix.
  console: sameThread(
    (msg) => `[12:34:56 INFO]: ${msg}`,
    (msg) => `[12:34:56 INFO]: [SomePlugin] ${msg}`,
  ),
};
/** Chat as a chat plugin may render it on the chat thread: never a join, quit or death. */
// Chat plugins' renderings that keep the sender's name. One that prints the player's text as the whole
// line (no name) cannot be told from vanilla chat: `<Steve> hi` typed by Alex reads as Steve's; the
// limit is documented in docs/events-without-the-mod.md.
const PLUGIN_FORMATS = [
  (p: string, t: string) => `${p}: ${t}`,
  (p: string, t: string) => `${p} ${t}`,
  (p: string, t: string) => `${p} » ${t}`,
  (p: string, t: string) => `[Member] ${p} » ${t}`,
];

const fill = (template: string, victim: string, killer: string, weapon: string) =>
  template.replaceAll("%1$s", victim).replaceAll("%2$s", killer).replaceAll("%3$s", `[${weapon}]`);

/** The log line a real server writes for a happening, and the event it really is (if any). */
function render(h: Happening, layout: Layout): { line: string; expected?: [string, string, string?] } {
  const line = layout.game;
  const system = layout.system ?? layout.game;
  switch (h.kind) {
    case "chat":
      return { line: layout.chat(`<${h.player}> ${h.text}`), expected: ["player_chat", h.player, h.text] };
    case "insecureChat":
      return {
        line: layout.chat(`[Not Secure] <${h.player}> ${h.text}`),
        expected: ["player_chat", h.player, h.text],
      };
    case "teamChat":
      return {
        line: layout.chat(`<[Admin] ${h.player}> ${h.text}`),
        expected: ["player_chat", h.player, h.text],
      };
    case "pluginChat":
      // Only the chat thread may carry another rendering; elsewhere a plugin's line is `other`.
      return layout.chat === layout.game
        ? { line: layout.other(PLUGIN_FORMATS[h.format]!(h.player, h.text)) }
        : { line: layout.chat(PLUGIN_FORMATS[h.format]!(h.player, h.text)) };
    case "me":
      return { line: line(`* ${h.player} ${h.text}`) };
    case "say":
      return { line: line(`[${h.player}] ${h.text}`) };
    case "join":
      return { line: system(`${h.player} joined the game`), expected: ["player_join", h.player] };
    case "quit":
      return { line: system(`${h.player} left the game`), expected: ["player_quit", h.player] };
    case "death":
      return {
        line: system(fill(h.template, h.player, h.killer, h.weapon)),
        expected: ["player_death", h.player],
      };
    case "pet": {
      const message = fill(h.template, h.text, "Zombie", h.text);
      return {
        line: line(
          `Named entity Wolf['${h.text}'/42, l='ServerLevel[world]', x=1.5, y=64.0, z=2.5] died: ${message}`,
        ),
      };
    }
    case "otherThread":
      return { line: layout.other(h.text) };
    case "advancement":
      return { line: system(`${h.player} has made the advancement [${h.text}]`) };
    case "kickReply":
      return { line: system(`[Rcon: Kicked ${h.player}: ${h.text}]`) };
  }
}

describe("hostile log", () => {
  // Feature: minecraft-mcp-bridge, Property 12: Malformed message resilience (player text never forges a log event)
  it("player-written text never produces another kind of event or another player's event", () => {
    fc.assert(
      fc.property(
        fc.array(happening, { maxLength: 30 }),
        fc.constantFrom(...Object.keys(LAYOUTS)),
        (happenings, name) => {
          const layout = LAYOUTS[name]!;
          const parser = new LogLineParser();
          const expected: [string, string, string?][] = [];
          const got: [string, string, string?][] = [];
          for (const h of happenings) {
            const { line, expected: real } = render(h, layout);
            if (real) expected.push(real);
            const parsed = parser.parse(line);
            if (parsed.kind !== "event") continue;
            const data = parsed.data as { player: string; message?: string };
            got.push(
              parsed.type === "player_chat"
                ? [parsed.type, data.player, data.message]
                : [parsed.type, data.player],
            );
          }
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/**
 * The devserver against the real world: each flavour's latest.log, for a join, a chat, a death and
 * a quit, must write each event's line in a shape (layout, thread, [Not Secure]) that real servers
 * of that kind write (bridge/tests/fixtures/log-corpus), and the bridge's parser must read the event
 * from it. Where they differ the devserver is the bug.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RconClient } from "@mcp-bridge/shared/rcon";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { startDevserver } from "../../../../shared/testing/devserver.js";
import { DEVSERVER_FLAVOURS } from "../../../../shared/testing/flavours.js";
import { LogLineParser } from "../../../src/logtail/parse-line.js";
import { LOG_CORPUS, shapeOf } from "../../unit/logtail/log-corpus.js";

/** The real servers each flavour imitates: vanilla is vanilla; Paper's family shares its layout. */
const KINDS: Record<string, string[]> = {
  // Forge 1.12 logs the game's own lines in vanilla's layout.
  vanilla: ["vanilla", "forge"],
  paper: ["paper", "purpur", "spigot", "folia"],
  "paper-essentials": ["paper", "purpur", "spigot", "folia"],
};

/**
 * `[HH:mm:ss LEVEL]:` is Paper's and Spigot's console (e.g. the Paper 26.3 recordings, taken from
 * stdout), not their latest.log, which is what the devserver writes: those lines are no shape to match.
 */
const CONSOLE_LAYOUT = /^\[\d{2}:\d{2}:\d{2} [A-Z]+\]: /;

function realShapes(kinds: string[]): { shapes: Set<string>; types: Set<string> } {
  const shapes = new Set<string>();
  const types = new Set<string>();
  // Folia (a Paper fork) keeps Paper's chat thread but moves joins to its region threads.
  for (const file of LOG_CORPUS.filter((f) => kinds.includes(f.server)))
    for (const sample of file.samples)
      for (const { line, expect: e } of sample.lines)
        if (e && !CONSOLE_LAYOUT.test(line) && (file.server !== "folia" || e.type === "player_chat")) {
          shapes.add(shapeOf(line, e.type));
          types.add(e.type);
        }
  return { shapes, types };
}

describe.each(DEVSERVER_FLAVOURS)("devserver latest.log against real logs ($name)", (flavour) => {
  it("writes each event line as real servers of its kind do, and the parser reads it", async () => {
    const kind = flavour.args[flavour.args.indexOf("--flavour") + 1]!;
    const dir = mkdtempSync(join(tmpdir(), "devlog-"));
    const server = await startDevserver({ noMod: true, extraArgs: [...flavour.args, "--log-dir", dir] });
    const rcon = new RconClient({
      host: "127.0.0.1",
      port: server.rconPort,
      password: server.password,
      logger: pino({ level: "silent" }),
    });
    try {
      await rcon.start();
      for (const c of ["sim join Steve", "sim chat Steve hello", "sim die Steve drown", "sim quit Steve"])
        await rcon.command(c);
    } finally {
      await rcon.close();
      await server.stop();
    }
    const lines = readFileSync(join(dir, "latest.log"), "utf8").split("\n");
    rmSync(dir, { recursive: true, force: true });
    const parser = new LogLineParser();
    const events = lines.flatMap((line) => {
      const p = parser.parse(line);
      return p.kind === "event" ? [{ line, type: p.type }] : [];
    });
    expect(events.map((e) => e.type)).toEqual(["player_join", "player_chat", "player_death", "player_quit"]);
    const real = realShapes(KINDS[kind]!);
    // Chat is where Paper differs from vanilla: the corpus must show it for every kind.
    expect(real.types).toContain("player_chat");
    for (const { line, type } of events) {
      // An event type no real log of this kind shows yet cannot be checked (docs/events-without-the-mod.md).
      if (!real.types.has(type)) continue;
      expect(real.shapes, `${line}: no real ${kind} log writes this shape`).toContain(shapeOf(line, type));
    }
  }, 60_000);
});

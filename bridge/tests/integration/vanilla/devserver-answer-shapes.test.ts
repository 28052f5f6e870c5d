/**
 * The devserver against real servers: each flavour's answer to each command the bridge parses must
 * have the shape of a real server's answer to it (bridge/tests/fixtures/vanilla-corpus; names and
 * numbers aside), and the bridge's parser must read it. Where they differ the devserver is the bug.
 * tick query is compared with real answers of the same wording era (1.21.9 changed it) only.
 */
import { RconClient } from "@mcp-bridge/shared/rcon";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningDevserver, startDevserver } from "../../../../shared/testing/devserver.js";
import { DEVSERVER_FLAVOURS } from "../../../../shared/testing/flavours.js";
import { isEssentialsList } from "../../../src/vanilla/essentials-list.js";
import { GAME_STRING_ERAS } from "../../../src/vanilla/game-strings.js";
import {
  parseDayTimeline,
  parseEntityData,
  parseGave,
  parseList,
  parseTeleported,
  parseTickQuery,
  parseTimeQuery,
} from "../../../src/vanilla/game-text.js";
import { compareVersions } from "../../../src/vanilla/server-profile.js";
import { parseSnbt } from "../../../src/vanilla/snbt.js";
import { answerShape, type CorpusEntry, realAnswers } from "../../unit/vanilla/answer-corpus.js";

const PLAYERS = ["Steve", "Alex"];

/** The player names an entry's answer holds, as the entry's `expect` names them. */
function namesIn(entry: CorpusEntry): string[] {
  const { player, name, players } = entry.expect;
  return [player, name, ...(Array.isArray(players) ? players : [])].filter(
    (n): n is string => typeof n === "string",
  );
}

function realShapes(
  command: string,
  keep: (e: CorpusEntry) => boolean = () => true,
  decimals = false,
): Set<string> {
  return new Set(
    realAnswers(command)
      .filter((e) => e.expect.error === undefined && keep(e))
      .map((e) => answerShape(e.answer, namesIn(e), decimals)),
  );
}

/** The first version of the wording era `version` belongs to (game-strings.ts), or undefined. */
function eraOf(version: string): string | undefined {
  if (!/^\d+\.\d+(\.\d+)?$/.test(version)) return undefined;
  return GAME_STRING_ERAS.filter((era) => compareVersions(era.since, version) <= 0).at(-1)?.since;
}

/**
 * One answer's messages without what separates them: RCON appends them with nothing between,
 * a log writes each on its own line (a real answer in the corpus may come from either).
 */
function joined(text: string): string {
  return text.replace(/\n/g, "");
}

function firstLine(text: string): string {
  return text.split("\n")[0]!;
}

describe.each(DEVSERVER_FLAVOURS)("devserver answers against real servers' ($name)", (flavour) => {
  const kind = flavour.args[flavour.args.indexOf("--flavour") + 1]!;
  const version = flavour.args[flavour.args.indexOf("--mc-version") + 1]!;
  // On Bukkit servers the bridge sends vanilla's commands under minecraft: (a plugin may replace them).
  const mc = kind === "vanilla" ? "" : "minecraft:";
  let server: RunningDevserver;
  let rcon: RconClient;

  beforeAll(async () => {
    server = await startDevserver({ noMod: true, players: PLAYERS, extraArgs: flavour.args });
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

  function expectShape(answer: string, real: Set<string>, decimals = false): void {
    expect(real.size, "the corpus has real answers to compare with").toBeGreaterThan(0);
    const shape = answerShape(answer, PLAYERS, decimals);
    expect([...real], `${JSON.stringify(answer)}: no real server answers in this shape`).toContain(shape);
  }

  it("list", async () => {
    if (kind === "paper-essentials") {
      // The one real EssentialsX answer lists a hidden player: compare its summary line.
      await rcon.command("sim vanish Alex");
      try {
        const answer = await rcon.command("list");
        const real = new Set([...realShapes("list", (e) => isEssentialsList(e.answer))].map(firstLine));
        expectShape(firstLine(answer), real);
        expect(parseList(answer).online).toBe(2);
      } finally {
        await rcon.command("sim vanish Alex");
      }
      return;
    }
    const answer = await rcon.command("list");
    expectShape(
      answer,
      realShapes("list", (e) => !isEssentialsList(e.answer)),
    );
    expect(parseList(answer).players.sort()).toEqual(["Alex", "Steve"]);
  });

  it("list uuids", async () => {
    // EssentialsX answers list (uuids or not) with its own list: the bridge asks vanilla's.
    const answer = await rcon.command(`${mc}list uuids`);
    expectShape(answer, realShapes("list uuids"));
    expect(parseList(answer).players.sort()).toEqual(["Alex", "Steve"]);
  });

  it("give", async () => {
    const answer = await rcon.command(`${mc}give Steve minecraft:diamond 6`);
    expectShape(answer, realShapes("give"));
    expect(parseGave(answer)).toEqual({ count: 6, player: "Steve" });
  });

  it("tp to a position (the coordinates as %f writes them)", async () => {
    const answer = await rcon.command(`${mc}tp Steve 2.5 88 11.5`);
    expectShape(answer, realShapes("tp", undefined, true), true);
    expect(parseTeleported(answer)).toEqual({ player: "Steve", x: 2.5, y: 88, z: 11.5 });
  });

  it("data get entity: Pos and Dimension", async () => {
    const real = realShapes("data get entity", (e) => e.path === "Pos" || e.path === "Dimension");
    for (const path of ["Pos", "Dimension"]) {
      const answer = await rcon.command(`${mc}data get entity Steve ${path}`);
      expectShape(answer, real);
      expect(parseEntityData(answer).name).toBe("Steve");
    }
  });

  it("the whole player data holds only fields a real player's data of its version holds", async () => {
    const real = realAnswers("player data").filter((e) => e.version === version);
    if (real.length === 0) return; // no real player data of this version in the corpus
    const { snbt } = parseEntityData(await rcon.command(`${mc}data get entity Steve`));
    const devKeys = Object.keys(parseSnbt(snbt) as object);
    const realKeys = new Set(real.flatMap((e) => Object.keys(parseSnbt(e.answer) as object)));
    expect(devKeys.filter((key) => !realKeys.has(key))).toEqual([]);
  });

  it("time query daytime (from 26.1 the day timeline, time query day)", async () => {
    if (compareVersions(version, "26.1") >= 0) {
      // No real answer of 26.1's timeline is in the corpus yet: the parser must read it.
      expect(parseDayTimeline(await rcon.command(`${mc}time query day`))).toBeGreaterThanOrEqual(0);
      return;
    }
    const answer = await rcon.command(`${mc}time query daytime`);
    expectShape(answer, realShapes("time"));
    expect(parseTimeQuery(answer)).toBeGreaterThanOrEqual(0);
  });

  it("tick query, as real servers of its wording era answer it", async () => {
    const era = eraOf(version);
    const real = new Set(
      realAnswers("tick")
        .filter((e) => era !== undefined && eraOf(e.version) === era)
        .map((e) => answerShape(joined(e.answer), [])),
    );
    if (real.size === 0) return; // no real answer of this era in the corpus
    const answer = await rcon.command(`${mc}tick query`);
    expectShape(joined(answer), real);
    expect(parseTickQuery(answer)).toBeGreaterThan(0);
  });

  it("a player who is not online: data get entity and give", async () => {
    const real = realShapes("failure");
    expectShape(await rcon.command(`${mc}data get entity Nobody Pos`), real);
    expectShape(await rcon.command(`${mc}give Nobody minecraft:stone 1`), real);
  });
});

/**
 * The vanilla-mode parsers over the answer corpus (bridge/tests/fixtures/vanilla-corpus): every real
 * answer, with its source, and the clearly labelled synthetic ones, must give what the entry expects.
 */
import { describe, expect, it } from "vitest";
import { classifyFailure, mentionsMissingPlayer } from "../../../src/vanilla/failures.js";
import {
  parseEntityData,
  parseGave,
  parseList,
  parseTeleported,
  parseTest,
  parseTickQuery,
  parseTimeQuery,
} from "../../../src/vanilla/game-text.js";
import { playerInfoFromData } from "../../../src/vanilla/player-data.js";
import {
  BRANDS,
  type Brand,
  profileFromVersionAnswer,
  type ServerProfile,
} from "../../../src/vanilla/server-profile.js";
import { parseSnbt } from "../../../src/vanilla/snbt.js";
import { ANSWER_CORPUS, type CorpusEntry as Entry } from "./answer-corpus.js";

function profileOf(entry: Entry): ServerProfile {
  const version = /^\d+\.\d+(\.\d+)?$/.test(entry.version) ? entry.version : undefined;
  const brand = (BRANDS as readonly string[]).includes(entry.brand) ? (entry.brand as Brand) : "unknown";
  return { version, brand, source: "corpus" };
}

/** What the parser for `command` reads from the entry's answer, shaped like its `expect`. */
function read(command: string, entry: Entry): unknown {
  const profile = profileOf(entry);
  const { answer, expect: want } = entry;
  switch (command) {
    case "list":
    case "list uuids":
      return parseList(answer, profile);
    case "version":
      return profileFromVersionAnswer(answer);
    case "time":
      return { value: parseTimeQuery(answer, profile) };
    case "tick":
      return { value: parseTickQuery(answer, profile) };
    case "test":
      return { value: parseTest(answer, profile) };
    case "tp":
      return parseTeleported(answer, profile);
    case "give":
      return parseGave(answer, profile);
    case "failure":
      return "code" in want
        ? { code: classifyFailure(answer, true)?.code }
        : { missingPlayer: mentionsMissingPlayer(answer) };
    case "data get entity": {
      const { name, snbt } = parseEntityData(answer, profile);
      if ("snbtStartsWith" in want)
        return { name, snbtStartsWith: snbt.slice(0, String(want.snbtStartsWith).length) };
      return { name, inventory: playerInfoFromData(name, parseSnbt(snbt), profile).inventory };
    }
    case "player data": {
      // The SNBT alone, as a source kept it: what get_player_info reads from the whole compound.
      const info = playerInfoFromData("player", parseSnbt(answer), profile);
      return { ...info, inventoryItems: info.inventory.length };
    }
    default:
      throw new Error(`corpus entry for an unknown command '${command}'`);
  }
}

for (const corpus of ANSWER_CORPUS) {
  const { name } = corpus;
  const real = !corpus.synthetic;
  describe(`${name}: ${corpus.answers.length} ${real ? "real" : "SYNTHETIC"} answers`, () => {
    for (const [index, entry] of corpus.answers.entries()) {
      const command = entry.command ?? corpus.command ?? "";
      it(`#${index} ${command} (${entry.brand} ${entry.version})`, () => {
        if (real) expect(entry.source, "a real answer names its source").toMatch(/^https:\/\//);
        // An answer no supported version gives must fail, quoting it and naming version and brand.
        if (typeof entry.expect.error === "string") {
          expect(() => read(command, entry)).toThrow(entry.expect.error);
          return;
        }
        expect(read(command, entry)).toMatchObject(entry.expect);
      });
    }
  });
}

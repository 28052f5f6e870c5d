/**
 * Test support: the answers of bridge/tests/fixtures/vanilla-corpus (real, with their sources, and
 * the labelled synthetic set), and the shape of an answer, so a devserver's answer to a command can
 * be compared with what real servers answered to it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { stripFormatting } from "../../../src/vanilla/formatting.js";

export interface CorpusEntry {
  command?: string;
  source?: string;
  kind?: string;
  /** data get entity: the NBT path asked for (Pos, Dimension, Inventory). */
  path?: string;
  version: string;
  brand: string;
  answer: string;
  expect: Record<string, unknown>;
}
export interface CorpusFile {
  name: string;
  command?: string;
  synthetic?: boolean;
  answers: CorpusEntry[];
}

const DIR = fileURLToPath(new URL("../../fixtures/vanilla-corpus/", import.meta.url));

export const ANSWER_CORPUS: readonly CorpusFile[] = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => ({ name, ...(JSON.parse(readFileSync(DIR + name, "utf8")) as Omit<CorpusFile, "name">) }));

/** The real answers to `command` (entry.command or the file's). */
export function realAnswers(command: string): CorpusEntry[] {
  return ANSWER_CORPUS.filter((file) => !file.synthetic).flatMap((file) =>
    file.answers.filter((entry) => (entry.command ?? file.command) === command),
  );
}

const NAME = /^[A-Za-z0-9_]{1,16}$/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * An answer's shape: formatting dropped, the player names given replaced by <player> (a list of
 * them by <players>, `list uuids`' "name (uuid)" list by <players (uuid)>), an item's display name
 * by [<item>], and every number by <n>, keeping its SNBT suffix (d, f, b, s) and, where `decimals`,
 * how many digits follow the point (tp writes "%f").
 */
export function answerShape(answer: string, players: readonly string[], decimals = false): string {
  let text = stripFormatting(answer).replace(/\r/g, "").trimEnd().replace(UUID, "<uuid>");
  for (const name of players.filter((p) => NAME.test(p)))
    text = text.replace(new RegExp(`\\b${name}\\b`, "g"), "<player>");
  return text
    .replace(/<player> \(<uuid>\)(, <player> \(<uuid>\))*/g, "<players (uuid)>")
    .replace(/<player>(, <player>)+/g, "<players>")
    .replace(/<player>(?=$|\n)/g, "<players>")
    .replace(/\[[A-Za-z][^\]]*\]/g, "[<item>]")
    .replace(/-?\d+(\.(\d+))?(E-?\d+)?/g, (_m, _f, frac: string | undefined) =>
      decimals && frac ? `<n>.${"#".repeat(frac.length)}` : "<n>",
    );
}

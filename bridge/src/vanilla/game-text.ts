/**
 * Parsers for the English text vanilla Minecraft answers over RCON, per version.
 * In: the answer of one command and the detected server profile. Out: the numbers and names in it,
 * or a BridgeError that quotes the answer and names the detected version and brand.
 * The strings come from game-string-tables.ts (Minecraft's en_us per version, from minecraft-data);
 * the table of the detected version is tried first, then the others, because a server's version is
 * not always known (no status port) and most strings never changed. Formatting codes (§x, ANSI) are
 * stripped first. Over RCON the messages of one command are appended to one buffer, sometimes
 * without a separator, so the parsers search the text instead of splitting it into lines.
 */
import { BridgeError } from "@mcp-bridge/shared";
import { isEssentialsList, parseEssentialsList } from "./essentials-list.js";
import { quoteAnswer, stripFormatting } from "./formatting.js";
import { GAME_STRING_TABLES, type GameStringTable } from "./game-string-tables.js";
import { compareVersions, describeProfile, type ServerProfile, UNKNOWN_PROFILE } from "./server-profile.js";

const NUM = "(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)";
/**
 * The sprinting line as the language diff of snapshot 25w36a (PixiGeko/Minecraft-generated-data)
 * shows it, "(ignored; reference only)." and a blank line, while minecraft-data's 1.21.9+ files keep
 * "(ignored, reference only)."; both are read.
 */
const SPRINTING_25W36A = new RegExp(
  `Target tick rate: ${NUM} per second \\(ignored; reference only\\)\\.\\s*Average time per tick: ${NUM}ms`,
);

/** The string tables, the one for `version` first, newest first otherwise. */
export function tablesFor(version: string | undefined): GameStringTable[] {
  const newestFirst = [...GAME_STRING_TABLES].reverse();
  if (!version) return newestFirst;
  const own = newestFirst.find((t) => compareVersions(t.since, version) <= 0) ?? newestFirst.at(-1)!;
  return [own, ...newestFirst.filter((t) => t !== own)];
}

/** Every wording of one key across the known versions. */
export function allWordings(key: string): string[] {
  return [...new Set(GAME_STRING_TABLES.map((t) => t.strings[key]).filter((s): s is string => !!s))];
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A template such as "The time is %s" as a regex whose `%s` (or `%1$s`) become `groups` in order. */
export function templateRegex(template: string, groups: readonly string[], flags = "s"): RegExp {
  let i = 0;
  const source = template
    .split(/(%(?:\d+\$)?s)/)
    .map((part, index) => (index % 2 === 1 ? (groups[i++] ?? ".*?") : escapeRegex(part)))
    .join("");
  return new RegExp(source, flags);
}

function unexpected(what: string, answer: string, profile: ServerProfile): BridgeError {
  return new BridgeError(
    "SERVER_ERROR",
    `unexpected answer to ${what} from ${describeProfile(profile)}: ${quoteAnswer(answer)}; ` +
      "the bridge reads English answers of vanilla, Paper and Spigot (with EssentialsX) from 1.20.5 on",
    {
      details: {
        answer: answer.slice(0, 1000),
        version: profile.version ?? "unknown",
        brand: profile.brand,
      },
    },
  );
}

/** The first match of `key`'s template (as regex with `groups`) in the tables for the profile. */
function matchKey(
  key: string,
  groups: readonly string[],
  text: string,
  profile: ServerProfile,
): RegExpExecArray | undefined {
  for (const table of tablesFor(profile.version)) {
    const template = table.strings[key];
    const match = template ? templateRegex(template, groups).exec(text) : null;
    if (match) return match;
  }
  return undefined;
}

export interface OnlinePlayers {
  online: number;
  max: number;
  players: string[];
}

/** Before 1.16 (e.g. 1.13-1.15, Forge 1.15): "There are 4 of a max 50 players online: ...". */
const OLD_LIST = /There are (\d+) of a max (\d+) players online:(.*)$/s;
/** A team's prefix or suffix around a name in `list` ("[Dynamo] mccpc01"), or `list uuids`' "(uuid)". */
const DECORATION = /\[[^\]]*\]|\([^)]*\)/g;
const PLAYER_NAME = /^[A-Za-z0-9_]{1,16}$/;

/**
 * A display name as vanilla's answers show it: `list`, `give` and `tp` show display names (with a
 * team's prefix and suffix), `list uuids` the plain name and "(uuid)". The name is what is left once
 * bracketed parts are removed, when that is one player name; otherwise the entry as shown.
 */
function listedName(entry: string): string {
  const bare = entry.replace(DECORATION, " ").trim();
  return PLAYER_NAME.test(bare) ? bare : entry;
}

/** `list`: vanilla "There are 2 of a max of 20 players online: Alice, Bob", or EssentialsX's. */
export function parseList(answer: string, profile: ServerProfile = UNKNOWN_PROFILE): OnlinePlayers {
  if (isEssentialsList(answer)) return parseEssentialsList(answer);
  // An empty list ends in "online: "; clients and logs often drop that trailing space.
  const text = stripFormatting(answer).replace(/:$/, ": ");
  const match =
    matchKey("commands.list.players", ["(\\d+)", "(\\d+)", "(.*)$"], text, profile) ?? OLD_LIST.exec(text);
  if (!match) throw unexpected("list", answer, profile);
  const players = match[3]!
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0)
    .map(listedName);
  return { online: Number(match[1]), max: Number(match[2]), players };
}

/** `time query daytime` -> "The time is 6000". */
export function parseTimeQuery(answer: string, profile: ServerProfile = UNKNOWN_PROFILE): number {
  const match = matchKey("commands.time.query", ["(-?\\d+)"], stripFormatting(answer), profile);
  if (!match) throw unexpected("time query daytime", answer, profile);
  return Math.max(0, Number(match[1]));
}

/**
 * From 26.1 there is no `time query daytime`: the day is a timeline, and `time query day` answers
 * "Timeline minecraft:day is at 6000 tick(s)" (commands.time.query.timeline, new in 26.1, so not in
 * the pre-26 tables; before 26.1 `time query day` answered the days passed as "The time is 3").
 */
const DAY_TIMELINE = /Timeline minecraft:day is at (-?\d+) tick\(s\)/;
const TICKS_PER_DAY = 24000;

/** `time query day` on 26.1+ -> the tick of the day, 0-23999 (0 is dawn, as `daytime` was). */
export function parseDayTimeline(answer: string, profile: ServerProfile = UNKNOWN_PROFILE): number {
  const match = DAY_TIMELINE.exec(stripFormatting(answer));
  if (!match) throw unexpected("time query day", answer, profile);
  return ((Number(match[1]) % TICKS_PER_DAY) + TICKS_PER_DAY) % TICKS_PER_DAY;
}

/**
 * `tick query` -> ticks per second actually reached: 0 when frozen; when sprinting the target is
 * ignored, so 1000 / mspt; otherwise the target rate, lower when a tick takes longer than its slot.
 */
export function parseTickQuery(answer: string, profile: ServerProfile = UNKNOWN_PROFILE): number {
  const text = stripFormatting(answer);
  if (allWordings("commands.tick.status.frozen").some((s) => text.includes(s))) return 0;
  const sprint =
    matchKey("commands.tick.query.rate.sprinting", [NUM, NUM], text, profile) ??
    SPRINTING_25W36A.exec(text) ??
    undefined;
  const running = sprint
    ? undefined
    : matchKey("commands.tick.query.rate.running", [NUM, NUM, NUM], text, profile);
  const match = sprint ?? running;
  if (!match) throw unexpected("tick query", answer, profile);
  const target = Number(match[1]);
  const perTick = Number(match[2]);
  const reached = perTick > 0 ? 1000 / perTick : target;
  const tps = sprint ? reached : Math.min(target, reached);
  return Math.round(tps * 100) / 100;
}

/** `execute if ...` -> true for "Test passed", false for "Test failed". */
export function parseTest(answer: string, profile: ServerProfile = UNKNOWN_PROFILE): boolean {
  const text = stripFormatting(answer);
  if (allWordings("commands.execute.conditional.pass").some((s) => text.includes(s))) return true;
  if (allWordings("commands.execute.conditional.fail").some((s) => text.includes(s))) return false;
  throw unexpected("an execute if test", answer, profile);
}

/**
 * `tp` -> "Teleported Steve to 1.500000, 64.000000, -3.250000". The name is the player's display
 * name, so a team's prefix or suffix comes with it ("[Admin] Steve"): the bare name is returned.
 */
export function parseTeleported(
  answer: string,
  profile: ServerProfile = UNKNOWN_PROFILE,
): { player: string; x: number; y: number; z: number } {
  const groups = ["(.+?)", NUM, NUM, NUM];
  const match = matchKey(
    "commands.teleport.success.location.single",
    groups,
    stripFormatting(answer),
    profile,
  );
  if (!match) throw unexpected("tp", answer, profile);
  return {
    player: listedName(match[1]!.trim()),
    x: Number(match[2]),
    y: Number(match[3]),
    z: Number(match[4]),
  };
}

/**
 * `give` -> "Gave 5 [Diamond] to Steve": the count given and the player's name, bare of the team
 * prefix or suffix its display name carries (a real Paper server's "Gave 1 [Crafting Table] to
 * [rojo]Cryptic_ES", vanilla-corpus/give.json).
 */
export function parseGave(
  answer: string,
  profile: ServerProfile = UNKNOWN_PROFILE,
): { count: number; player: string } {
  const groups = ["(\\d+)", ".*", "([^\\n]+)"];
  const match = matchKey("commands.give.success.single", groups, stripFormatting(answer), profile);
  if (!match) throw unexpected("give", answer, profile);
  return { count: Number(match[1]), player: listedName(match[2]!.trim()) };
}

/** `data get entity <p> [path]` -> the entity's name and the SNBT text after the colon. */
export function parseEntityData(
  answer: string,
  profile: ServerProfile = UNKNOWN_PROFILE,
): { name: string; snbt: string } {
  const text = stripFormatting(answer);
  const match = matchKey("commands.data.entity.query", ["(.*?)", "(.*)"], text, profile);
  if (!match) throw unexpected("data get entity", answer, profile);
  return { name: match[1]!.trim(), snbt: match[2]!.trim() };
}

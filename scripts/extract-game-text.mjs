#!/usr/bin/env node
// Extracts the few en_us strings the bridge's vanilla parsers and the devserver need from the
// language files of the npm package minecraft-data (data/pc/<version>/language.json), so neither
// has to ship that 400 MB package. Run it after a new Minecraft version appears in minecraft-data:
//   npm pack minecraft-data && tar xzf minecraft-data-*.tgz
//   node scripts/extract-game-text.mjs package/minecraft-data
// Writes bridge/src/vanilla/game-strings.ts and mod/devserver/src/main/resources/devserver/lang/*.json.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = process.argv[2];
if (!root) {
  console.error("usage: node scripts/extract-game-text.mjs <path to the minecraft-data package>");
  process.exit(2);
}
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const pkg = JSON.parse(readFileSync(path.join(root, "..", "package.json"), "utf8").toString());
const pc = path.join(root, "data", "pc");
const language = (version) => JSON.parse(readFileSync(path.join(pc, version, "language.json"), "utf8"));

/** Versions whose language files the bridge is checked against, oldest first. */
const BRIDGE_VERSIONS = [
  "1.20.5",
  "1.21.1",
  "1.21.3",
  "1.21.4",
  "1.21.5",
  "1.21.6",
  "1.21.8",
  "1.21.9",
  "1.21.11",
  "26.1",
];
const BRIDGE_KEYS = [
  "commands.list.players",
  "commands.time.query",
  "commands.execute.conditional.pass",
  "commands.execute.conditional.fail",
  "commands.tick.status.frozen",
  "commands.tick.query.rate.running",
  "commands.tick.query.rate.sprinting",
  "commands.tick.query.percentiles",
  "commands.teleport.success.location.single",
  "commands.give.success.single",
  "commands.data.entity.query",
  "command.unknown.command",
  "command.unknown.argument",
  "command.context.here",
  "argument.entity.notfound.player",
  "argument.entity.notfound.entity",
  "argument.player.unknown",
  "argument.dimension.invalid",
  "argument.item.id.invalid",
  "commands.give.failed.toomanyitems",
  "commands.teleport.invalidPosition",
  "command.failed",
  "argument.integer.low",
  "argument.integer.big",
  "commands.version.header",
  "commands.version.name",
];

/** The devserver's versions and the keys its commands print (plus every death message, for log events). */
const DEVSERVER_VERSIONS = ["1.21.1", "1.21.11", "26.1"];
const DEVSERVER_KEYS = [
  "command.unknown.command",
  "command.unknown.argument",
  "command.context.here",
  "command.expected.separator",
  "command.failed",
  "commands.list.players",
  "commands.list.nameAndId",
  "chat.type.announcement",
  "argument.entity.notfound.player",
  "argument.entity.notfound.entity",
  "argument.component.invalid",
  "commands.teleport.success.location.single",
  "commands.teleport.invalidPosition",
  "argument.dimension.invalid",
  "argument.pos3d.incomplete",
  "argument.pos.missing.double",
  "parsing.double.expected",
  "parsing.double.invalid",
  "parsing.int.expected",
  "parsing.int.invalid",
  "argument.integer.low",
  "argument.integer.big",
  "commands.give.failed.toomanyitems",
  "commands.give.success.single",
  "argument.item.id.invalid",
  "commands.data.entity.query",
  "arguments.nbtpath.nothing_found",
  "commands.time.query",
  "commands.tick.status.running",
  "commands.tick.status.lagging",
  "commands.tick.status.frozen",
  "commands.tick.status.sprinting",
  "commands.tick.query.rate.running",
  "commands.tick.query.percentiles",
  "commands.weather.set.clear",
  "commands.weather.set.rain",
  "commands.weather.set.thunder",
  "commands.execute.conditional.pass",
  "commands.execute.conditional.fail",
  "argument.id.unknown",
  "argument.nbt.expected.key",
  "argument.nbt.expected.value",
  "multiplayer.player.joined",
  "multiplayer.player.left",
  "commands.give.success.multiple",
  "commands.teleport.success.entity.multiple",
  "commands.teleport.success.entity.single",
  "commands.teleport.success.location.multiple",
  "commands.time.set",
  "permissions.requires.entity",
  "argument.resource.not_found",
  "commands.data.get.multiple",
  "argument.resource_or_id.failed_to_parse",
  "argument.player.unknown",
  "argument.entity.selector.unknown",
  "argument.entity.invalid",
  "argument.player.entities",
  "argument.entity.options.unknown",
  "argument.player.toomany",
  "argument.entity.toomany",
  "argument.pos.mixed",
  "arguments.nbtpath.node.invalid",
  "commands.data.get.invalid",
  "commands.data.entity.get",
  "commands.summon.success",
  "commands.summon.failed",
  "commands.kill.success.single",
  "commands.kill.success.multiple",
  "entity.minecraft.villager",
];
/**
 * Keys only some of the devserver's versions have: 26.1's day timeline replaced `time query daytime`,
 * and its `time query gametime` answers with a key of its own ("The game time is %s tick(s)").
 */
const DEVSERVER_KEYS_OF = { 26.1: ["commands.time.query.timeline", "commands.time.query.gametime"] };
const DEVSERVER_PREFIXES = ["death.", "commands.version."];

function pick(strings, keys, version) {
  const out = {};
  for (const key of keys) {
    if (!(key in strings)) throw new Error(`${version}: no key ${key}`);
    out[key] = strings[key];
  }
  return out;
}

// Bridge: one era per version where any of its keys changed.
const tables = [];
for (const version of BRIDGE_VERSIONS) {
  const strings = language(version);
  const keys = BRIDGE_KEYS.filter((k) => k in strings || !k.startsWith("commands.version."));
  const table = pick(strings, keys, version);
  const previous = tables.at(-1);
  if (previous && JSON.stringify(previous.strings) === JSON.stringify(table)) previous.checked.push(version);
  else tables.push({ since: version, checked: [version], strings: table });
}
// The first era whole, every later one as what changed since the era before.
const eras = tables.map((table, i) => {
  const before = tables[i - 1]?.strings;
  if (!before) return { since: table.since, checked: table.checked, changed: table.strings };
  const gone = Object.keys(before).filter((key) => !(key in table.strings));
  if (gone.length > 0) {
    throw new Error(
      `${table.since} has no ${gone.join(", ")}: an era can add and change strings, not remove them`,
    );
  }
  const changed = Object.fromEntries(
    Object.entries(table.strings).filter(([key, text]) => before[key] !== text),
  );
  return { since: table.since, checked: table.checked, changed };
});
const ts = `/**
 * GENERATED by scripts/extract-game-text.mjs from the npm package minecraft-data ${pkg.version}
 * (data/pc/<version>/language.json, Minecraft's en_us strings): do not edit by hand.
 * One era per version where a string the bridge reads changed, oldest first: the first era has
 * every string, each later one only those added or changed since the era before
 * (game-string-tables.ts resolves them into full tables). \`checked\` lists every language file
 * found equal to the era's full table. In: nothing. Out: the en_us strings per era, by translation key.
 */
export interface GameStringEra {
  /** The first version (of those checked) with these strings. */
  since: string;
  checked: readonly string[];
  /** The first era: every string; a later era: the strings added or changed since the era before. */
  changed: Readonly<Record<string, string>>;
}

export const GAME_STRING_ERAS: readonly GameStringEra[] = ${JSON.stringify(eras, null, 2)};
`;
const tsFile = path.join(repo, "bridge/src/vanilla/game-strings.ts");
writeFileSync(tsFile, ts);
execFileSync("npx", ["biome", "format", "--write", tsFile], { cwd: repo, stdio: "ignore" });

for (const version of DEVSERVER_VERSIONS) {
  const strings = language(version);
  const keys = [
    ...DEVSERVER_KEYS,
    ...(DEVSERVER_KEYS_OF[version] ?? []),
    ...Object.keys(strings).filter((k) => DEVSERVER_PREFIXES.some((p) => k.startsWith(p))),
  ];
  const table = {
    _source: `Minecraft ${version} en_us strings (only the keys the devserver uses), extracted by scripts/extract-game-text.mjs from the npm package minecraft-data ${pkg.version}, data/pc/${version}/language.json`,
    ...pick(strings, [...new Set(keys)], version),
  };
  const file = path.join(repo, `mod/devserver/src/main/resources/devserver/lang/${version}.json`);
  writeFileSync(file, `${JSON.stringify(table, null, 1)}\n`);
}
console.log(`bridge tables: ${tables.map((t) => `${t.since} (${t.checked.join(", ")})`).join("; ")}`);

// Log tail (bridge/src/logtail): every death message wording of 1.19 and later, older wordings
// kept (e.g. "whilst" before 1.20.2), so deaths are recognised on every server version still run.
const LOG_VERSIONS = ["1.19", "1.19.2", "1.19.3", "1.19.4", "1.20", "1.20.2", "1.20.3", ...BRIDGE_VERSIONS];
// Not messages of their own: the link text inside badRespawnPoint.message, and the wrapper of an over-long one.
const NOT_DEATHS = new Set(["death.attack.badRespawnPoint.link", "death.attack.message_too_long"]);
const deathRows = new Map();
for (const version of [...new Set(LOG_VERSIONS)].reverse()) {
  for (const [key, text] of Object.entries(language(version))) {
    if (key.startsWith("death.") && !NOT_DEATHS.has(key)) deathRows.set(`${key}\u0000${text}`, [key, text]);
  }
}
const deathTs = `/**
 * GENERATED by scripts/extract-game-text.mjs from the npm package minecraft-data ${pkg.version}
 * (data/pc/<version>/language.json): do not edit by hand. Every \`death.*\` wording of Minecraft
 * Java's en_us from ${LOG_VERSIONS[0]} to ${LOG_VERSIONS.at(-1)} (a key whose wording changed appears once per
 * wording). Left out: ${[...NOT_DEATHS].join(" and ")} (not messages of their own).
 * %1$s is the victim, %2$s the killer, %3$s the weapon (always shown in [brackets]).
 */
export const DEATH_TEMPLATES: readonly (readonly [key: string, template: string])[] = ${JSON.stringify(
  [...deathRows.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1)),
  null,
  2,
)};
`;
const deathFile = path.join(repo, "bridge/src/logtail/death-templates.ts");
writeFileSync(deathFile, deathTs);
execFileSync("npx", ["biome", "format", "--write", deathFile], { cwd: repo, stdio: "ignore" });
console.log(`log tail: ${deathRows.size} death wordings`);

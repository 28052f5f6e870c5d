/**
 * Where a raw command acts, so that a role's `region` (a box per world) holds for execute_command
 * as it does for the typed tools' positions. Policy.authorize runs this for a role with a region,
 * after the command gate. A command from the console (RCON) runs in the overworld at a position the
 * policy does not know (the world spawn), so:
 * - absolute coordinates are checked as they are; relative ones (`~`) only after an
 *   `execute positioned <absolute>` gave them a base; local ones (`^`) never (they need a rotation);
 * - a command that acts at its source position (summon, particle without coordinates), at an
 *   entity (`tp Alex Steve`, `execute at`), or whose form this table does not know, cannot be
 *   checked and is refused for a region-limited role;
 * - commands that take no coordinates (chat, time, give, effect...) act nowhere in particular.
 */
import { canonicalWorld, OVERWORLD } from "./worlds.js";

export interface Position {
  world: string;
  x: number;
  y: number;
  z: number;
}

/** Every position the command acts at, or why they cannot be told. */
export type CommandPositions = { positions: Position[] } | { unknown: string };

interface Source {
  world: string;
  /** Undefined: the console's own position, which the policy cannot know. */
  at?: { x: number; y: number; z: number };
}

const ABSOLUTE = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const RELATIVE = /^~(-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))?$/;

/** Three coordinate tokens as a position, or a reason they cannot be told. */
function position(tokens: (string | undefined)[], source: Source): Position | string {
  const values: number[] = [];
  for (const [axis, token] of (["x", "y", "z"] as const).map((a, i) => [a, tokens[i]] as const)) {
    if (token === undefined) return "it lacks a coordinate";
    if (ABSOLUTE.test(token)) {
      values.push(Number(token));
      continue;
    }
    const relative = RELATIVE.exec(token);
    if (relative && source.at) {
      values.push(source.at[axis] + Number(relative[1] ?? 0));
      continue;
    }
    return token.startsWith("^")
      ? `its local coordinate '${token}' depends on a rotation the policy cannot know`
      : `its coordinate '${token}' is relative to a position the policy cannot know (use absolute coordinates, or execute positioned <x y z>)`;
  }
  return { world: source.world, x: values[0]!, y: values[1]!, z: values[2]! };
}

/** Positions at `starts` (indices of x) in `a`; an index past the end means the source position. */
function at(a: string[], source: Source, ...starts: number[]): CommandPositions {
  const positions: Position[] = [];
  for (const start of starts) {
    if (start >= a.length) {
      if (!source.at) return { unknown: "it acts at the console's position, which the policy cannot know" };
      positions.push({ world: source.world, ...source.at });
      continue;
    }
    const p = position(a.slice(start, start + 3), source);
    if (typeof p === "string") return { unknown: p };
    positions.push(p);
  }
  return { positions };
}

const NOWHERE: CommandPositions = { positions: [] };
const AT_ENTITY: CommandPositions = {
  unknown: "it acts at an entity's position, which the policy cannot know",
};

type Rule = (a: string[], source: Source) => CommandPositions;

const RULES: Readonly<Record<string, Rule>> = {
  tp: teleport,
  teleport,
  summon: (a, s) => at(a, s, 1),
  setblock: (a, s) => at(a, s, 0),
  fill: (a, s) => at(a, s, 0, 3),
  clone: (a, s) => (a[0] === "from" ? { unknown: "a clone between dimensions" } : at(a, s, 0, 3, 6)),
  fillbiome: (a, s) => at(a, s, 0, 3),
  particle: (a, s) => at(a, s, 1),
  playsound: (a, s) => at(a, s, 3),
  setworldspawn: (a, s) => at(a, s, 0),
  spawnpoint: (a, s) => (a.length > 1 ? at(a, s, 1) : AT_ENTITY),
  data: (a, s) =>
    a.includes("block")
      ? a[1] === "block" && a[0] !== "modify"
        ? at(a, s, 2)
        : { unknown: "a data command between blocks" }
      : NOWHERE,
};

/** tp/teleport: <destination entity> | <location> | <targets> <entity> | <targets> <location> [...]. */
function teleport(a: string[], source: Source): CommandPositions {
  if (a.length === 3) return at(a, source, 0);
  if (a.length >= 4) return at(a, source, 1);
  return AT_ENTITY;
}

/** Commands that take no coordinates: they act on players or the server, not at a place. */
const NO_COORDINATES = new Set(
  (
    "say me msg tell w tellraw title teammsg tm give effect gamemode clear xp experience kick ban ban-ip " +
    "pardon pardon-ip op deop list time weather difficulty seed tick gamerule help enchant attribute " +
    "advancement recipe tag team scoreboard bossbar stopsound trigger whitelist kill defaultgamemode " +
    "random locate banlist"
  ).split(" "),
);

/** Where `command` (through the command gate) acts, for a role limited to a region. */
export function commandPositions(command: string): CommandPositions {
  let tokens = command.split(" ");
  if (tokens.includes(""))
    return { unknown: "it has an empty argument (two spaces in a row or a trailing space)" };
  const source: Source = { world: OVERWORLD };
  for (;;) {
    const [first = "", ...a] = tokens;
    const name = first.startsWith("minecraft:") ? first.slice("minecraft:".length) : first;
    if (name !== "execute") {
      if (NO_COORDINATES.has(name)) return NOWHERE;
      const rule = RULES[name];
      return rule
        ? rule(a, source)
        : { unknown: `'${name}' is not a command whose coordinates the policy knows` };
    }
    const rest = executeSource(a, source);
    if (typeof rest === "string") return { unknown: rest };
    tokens = rest;
  }
}

/** Applies `execute` subcommands to the source; the command after `run`, or why it cannot be told. */
function executeSource(a: string[], source: Source): string[] | string {
  for (let i = 0; i < a.length; ) {
    switch (a[i]) {
      case "run":
        return a.slice(i + 1);
      case "in":
        if (a[i + 1] === undefined) return "'execute in' lacks its dimension";
        source.world = canonicalWorld(a[i + 1]!);
        i += 2;
        break;
      case "positioned": {
        if (a[i + 1] === "as" || a[i + 1] === "over")
          return "'execute positioned as/over' takes an entity's or the ground's position";
        const p = position(a.slice(i + 1, i + 4), source);
        if (typeof p === "string") return p;
        source.at = { x: p.x, y: p.y, z: p.z };
        i += 4;
        break;
      }
      case "as":
        i += 2; // the executor changes; the position does not
        break;
      default:
        return `'execute ${a[i]}' changes or tests the position in a way the policy cannot follow`;
    }
  }
  return "it has no 'run'";
}

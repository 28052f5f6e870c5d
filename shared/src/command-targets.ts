/**
 * The players a raw command targets, so that a role's `players` limit holds for execute_command as
 * it does for give_item or teleport_player. Policy.authorize runs this for a role whose players are
 * not `*`, after the command gate. A table of known commands says which arguments are entities or
 * players (vanilla 1.21 syntax); each must be a plain name in the role's list (compared without
 * case: Minecraft names are case-insensitive). Refused: a selector (`@a`, `@p[...]`) anywhere,
 * in a target position, inside chat text (`say hi,@a`) or a JSON text component, UUIDs and
 * other non-names in a target position, `execute`/`function`/`schedule` (they run other commands),
 * NBT or components (`{`) outside chat text (a command block's or minecart's `Command` runs another
 * command) and every command the table does not know.
 */

export type TargetProblemKind = "selector" | "not_a_name" | "not_listed" | "unchecked";

export interface TargetProblem {
  kind: TargetProblemKind;
  /** The offending argument (selector, non-name, name) or the command name (unchecked). */
  token: string;
  /** Why, as a clause. */
  why: string;
}

/** Indices (into the arguments after the command name) that are targets, or why none can be told. */
type Targets = number[] | { unchecked: string };
type Rule = (args: string[]) => Targets;

const PLAIN_NAME = /^[A-Za-z0-9_]{1,16}$/;
/** `@` and a selector type (vanilla: p a r s e n), with its `[...]` when there is one. */
const SELECTOR = /@[aeprsn](?:\[[^\]]*\]?)?/;
/** Absolute, relative (~) or local (^) coordinate, as the game reads one. */
const COORDINATE = /^(?:[~^]?-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)|[~^])$/;

/** The argument at i, when it is there (an absent optional target means the command's source). */
const at =
  (...indices: number[]) =>
  (a: string[]): number[] =>
    indices.filter((i) => i < a.length);
const none = (_a: string[]): number[] => [];
const unchecked =
  (why: string): Rule =>
  () => ({ unchecked: why });

/** The first argument must be one of `forms`; then `rule` applies. */
function sub(forms: readonly string[], rule: Rule): Rule {
  return (a) =>
    a[0] !== undefined && forms.includes(a[0])
      ? rule(a)
      : { unchecked: `its form '${a[0] ?? ""}' is not one the policy knows (${forms.join(", ")})` };
}

/** Every argument right after one of `words` is an entity (`... from entity <source>`, `by <entity>`). */
function after(words: readonly string[], a: string[]): number[] {
  return a.flatMap((token, i) => (words.includes(token) && i + 1 < a.length ? [i + 1] : []));
}

function union(...lists: number[][]): number[] {
  return [...new Set(lists.flat())].sort((x, y) => x - y);
}

/** tp/teleport: <destination> | <location> | <targets> <destination> | <targets> <location> [rotation | facing ...]. */
const teleport: Rule = (a) => {
  if (a.length === 1) return [0];
  if (a.length === 2) return [0, 1];
  if (a.length === 3) {
    return a.every((t) => COORDINATE.test(t))
      ? []
      : { unchecked: "three arguments that are not all coordinates" };
  }
  if (!a.slice(1, 4).every((t) => COORDINATE.test(t))) {
    return { unchecked: "a location that is not three coordinates" };
  }
  return union([0], a[4] === "facing" ? after(["entity"], a.slice(4)).map((i) => i + 4) : []);
};

const RUNS_OTHER_COMMANDS = unchecked("it runs other commands, whose targets cannot be checked");

const RULES = new Map<string, Rule>(
  Object.entries({
    give: at(0),
    tp: teleport,
    teleport,
    effect: sub(["give", "clear"], at(1)),
    gamemode: at(1),
    kill: at(0),
    clear: at(0),
    xp: sub(["add", "set", "query"], at(1)),
    experience: sub(["add", "set", "query"], at(1)),
    tellraw: at(0),
    msg: at(0),
    tell: at(0),
    w: at(0),
    title: at(0),
    kick: at(0),
    ban: at(0),
    "ban-ip": at(0),
    pardon: at(0),
    "pardon-ip": at(0),
    op: at(0),
    deop: at(0),
    spawnpoint: at(0),
    enchant: at(0),
    attribute: at(0),
    advancement: sub(["grant", "revoke"], at(1)),
    recipe: sub(["give", "take"], at(1)),
    item: sub(["replace", "modify"], (a) => after(["entity"], a)),
    data: sub(["get", "merge", "modify", "remove"], (a) => after(["entity"], a)),
    loot: (a) => union(a[0] === "give" ? at(1)(a) : [], after(["entity", "kill"], a)),
    ride: (a) => union(at(0)(a), a[1] === "mount" ? at(2)(a) : []),
    damage: (a) => union(at(0)(a), after(["by", "from"], a)),
    spectate: at(0, 1),
    whitelist: (a) =>
      a[0] === "add" || a[0] === "remove" ? at(1)(a) : sub(["on", "off", "list", "reload"], none)(a),
    tag: at(0),
    team: (a) => (a[0] === "join" ? at(2)(a) : a[0] === "leave" ? at(1)(a) : none(a)),
    playsound: at(2),
    stopsound: at(0),
    scoreboard: (a) => (a[0] === "players" ? (a[1] === "operation" ? at(2, 5)(a) : at(2)(a)) : none(a)),
    bossbar: (a) => (a[0] === "set" && a[2] === "players" ? at(3)(a) : none(a)),
    spreadplayers: (a) => (a.length > 0 ? [a.length - 1] : []),
    transfer: at(2),
    rotate: (a) => union(at(0)(a), after(["entity"], a)),
    dialog: sub(["show", "clear"], at(1)),
    execute: RUNS_OTHER_COMMANDS,
    function: RUNS_OTHER_COMMANDS,
    schedule: RUNS_OTHER_COMMANDS,
  }),
);

/**
 * Commands whose `{` is chat text or a JSON text component (a click runs as the player who clicks,
 * with that player's permissions). Anywhere else `{` is NBT or item components, which can carry a
 * command (`setblock ... command_block{Command:"give Steve ...",auto:1b}`, `data merge block`,
 * `summon command_block_minecart`) whose targets cannot be checked.
 */
const TEXT_COMMANDS = new Set(["tellraw", "title", "msg", "tell", "w", "say", "me", "teammsg", "tm"]);

/** Commands with no player or entity argument: world, server and chat commands. */
const NO_TARGETS = [
  "say",
  "me",
  "teammsg",
  "tm",
  "list",
  "time",
  "weather",
  "difficulty",
  "seed",
  "tick",
  "gamerule",
  "help",
  "locate",
  "setworldspawn",
  "worldborder",
  "setblock",
  "fill",
  "fillbiome",
  "clone",
  "summon",
  "forceload",
  "save-all",
  "save-on",
  "save-off",
  "stop",
  "reload",
  "perf",
  "banlist",
  "defaultgamemode",
  "datapack",
  "random",
  "place",
  "trigger",
];
for (const name of NO_TARGETS) RULES.set(name, none);

/**
 * Why `command` (already through the command gate: one leading '/' dropped) may not run for a role
 * limited to `players`, or undefined when every player it targets is one of them.
 */
export function commandTargetProblem(command: string, players: readonly string[]): TargetProblem | undefined {
  const [first = "", ...args] = command.split(" ");
  const name = first.startsWith("minecraft:") ? first.slice("minecraft:".length) : first;
  // A selector anywhere, also inside a word or chat text (`say hi,@a`): the game expands `@` + a
  // selector type wherever a message or text component is read.
  const selector = args.find((token) => token.startsWith("@")) ?? SELECTOR.exec(command)?.[0];
  if (selector !== undefined) {
    return {
      kind: "selector",
      token: selector,
      why: `'${selector}' is a selector, which cannot be checked against the role's player limit; name the player instead`,
    };
  }
  if (command.includes("{") && !TEXT_COMMANDS.has(name)) {
    return {
      kind: "unchecked",
      token: name,
      why: `'${name}' carries NBT or components ('{'), which can hold a command (a command block's Command) whose targets cannot be checked against the role's player limit`,
    };
  }
  const rule = RULES.get(name);
  if (!rule) {
    return {
      kind: "unchecked",
      token: name,
      why: `'${name}' is not a command whose player arguments the policy knows, so its targets cannot be checked against the role's player limit`,
    };
  }
  if (args.includes("")) {
    return {
      kind: "unchecked",
      token: name,
      why: "it has an empty argument (two spaces in a row or a trailing space), so its targets cannot be checked against the role's player limit",
    };
  }
  const targets = rule(args);
  if (!Array.isArray(targets)) {
    return {
      kind: "unchecked",
      token: name,
      why: `'${name}' cannot be checked against the role's player limit: ${targets.unchecked}`,
    };
  }
  const allowed = new Set(players.map((p) => p.toLowerCase()));
  for (const index of targets) {
    const token = args[index]!;
    if (!PLAIN_NAME.test(token)) {
      return {
        kind: "not_a_name",
        token,
        why: `'${token}' is not a player name (a UUID, a quoted or other form), so it cannot be checked against the role's player limit`,
      };
    }
    if (!allowed.has(token.toLowerCase())) {
      return { kind: "not_listed", token, why: `'${token}' is not one of the role's players` };
    }
  }
  return undefined;
}

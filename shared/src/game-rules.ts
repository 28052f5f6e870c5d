/**
 * Two rules every path applies alike (typed tools through their descriptors' `items`, raw commands
 * and NPC actions through the command text; docs/security.md "Operator items and bounds"):
 * - operator items: an id in OPERATOR_ITEMS (with or without `minecraft:`, with or without
 *   `[components]`/`{nbt}`) is never given, placed or summoned;
 * - numeric bounds (BOUNDS): item counts, effect durations and amplifiers, particle counts.
 * Raw commands are read through the `execute ... run` chain; a command whose bounded number cannot
 * be found (an unknown particle form) is refused rather than guessed.
 * shared/vectors/security/operator-items-bounds.json holds the cases every path must agree on.
 */
import { GIVE_MAX_QUANTITY } from "./schemas/operations.js";

/** Items and blocks only an operator should have: they run commands, edit structures or are unbreakable. */
export const OPERATOR_ITEMS: ReadonlySet<string> = new Set([
  "command_block",
  "chain_command_block",
  "repeating_command_block",
  "command_block_minecart",
  "structure_block",
  "structure_void",
  "jigsaw",
  "barrier",
  "light",
  "debug_stick",
  "test_block",
  "test_instance_block",
  "spawner",
  "trial_spawner",
  "knowledge_book",
]);

export const BOUNDS = {
  /** Items per give (typed give_item, `give`, `item ... with`): vanilla's own 100 stacks of 64. */
  itemCount: GIVE_MAX_QUANTITY,
  /** `effect give` seconds; `infinite` is refused. */
  effectSeconds: 3600,
  /** `effect give` amplifier (level - 1): 255 makes resistance invulnerability. */
  effectAmplifier: 9,
  /** `particle` count: millions of forced particles freeze every client in range. */
  particleCount: 1000,
} as const;

export interface RuleProblem {
  kind: "operator_item" | "bound" | "unchecked";
  /** The refused id, number or command name. */
  token: string;
  why: string;
  /** For a bound: the largest allowed value. */
  max?: number;
}

/** The bare id of an item, block or entity argument: no namespace `minecraft:`, no components or NBT. */
export function bareId(token: string): string {
  const cut = token.search(/[[{]/);
  const id = (cut < 0 ? token : token.slice(0, cut)).toLowerCase();
  return id.startsWith("minecraft:") ? id.slice("minecraft:".length) : id;
}

export function itemProblem(id: string): RuleProblem | undefined {
  const bare = bareId(id);
  if (!OPERATOR_ITEMS.has(bare)) return undefined;
  return {
    kind: "operator_item",
    token: bare,
    why: `'${bare}' is an operator item, which is never given, placed or summoned`,
  };
}

export function boundProblem(what: string, value: number, max: number, min = 0): RuleProblem | undefined {
  if (Number.isInteger(value) && value >= min && value <= max) return undefined;
  return { kind: "bound", token: String(value), why: `${what} ${value} is outside ${min}..${max}`, max };
}

const INTEGER = /^-?[0-9]+$/;
const NUMBER = /^[~^]?-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)?$/;

/** A number argument where one must be: present and bounded, absent is fine; non-numbers are refused. */
function numberArg(what: string, token: string | undefined, max: number, min = 0): RuleProblem | undefined {
  if (token === undefined) return undefined;
  if (!INTEGER.test(token)) {
    return { kind: "bound", token, why: `${what} '${token}' is not a whole number`, max };
  }
  return boundProblem(what, Number(token), max, min);
}

type Check = (args: string[]) => RuleProblem | undefined;

function first(...problems: (() => RuleProblem | undefined)[]): RuleProblem | undefined {
  for (const problem of problems) {
    const found = problem();
    if (found) return found;
  }
  return undefined;
}

/** Where each command names an item, block or entity, and which numbers it bounds (vanilla 1.21 syntax). */
const CHECKS: Readonly<Record<string, Check>> = {
  give: (a) =>
    first(
      () => (a[1] === undefined ? undefined : itemProblem(a[1])),
      () => numberArg("the item count", a[2], BOUNDS.itemCount, 1),
    ),
  item: (a) => {
    const w = a.indexOf("with");
    if (w < 0) return undefined;
    return first(
      () => (a[w + 1] === undefined ? undefined : itemProblem(a[w + 1]!)),
      () => numberArg("the item count", a[w + 2], BOUNDS.itemCount, 1),
    );
  },
  setblock: (a) => (a[3] === undefined ? undefined : itemProblem(a[3])),
  fill: (a) => (a[6] === undefined ? undefined : itemProblem(a[6])),
  summon: (a) => (a[0] === undefined ? undefined : itemProblem(a[0])),
  effect: (a) => {
    if (a[0] !== "give") return undefined;
    if (a[3] === "infinite") {
      return {
        kind: "bound",
        token: "infinite",
        why: "an infinite effect duration is not allowed",
        max: BOUNDS.effectSeconds,
      };
    }
    return first(
      () => numberArg("the effect duration (seconds)", a[3], BOUNDS.effectSeconds),
      () => numberArg("the effect amplifier", a[4], BOUNDS.effectAmplifier),
    );
  },
  particle: (a) => {
    // particle <name> [x y z [dx dy dz speed [count [mode [viewers]]]]]
    if (a.length <= 8) return undefined;
    const shape = a.length <= 11 && (a[9] === undefined || a[9] === "force" || a[9] === "normal");
    if (!shape || !a.slice(1, 8).every((t) => NUMBER.test(t) && t !== "")) {
      return {
        kind: "unchecked",
        token: "particle",
        why: "its particle count cannot be found (a particle with options in several words); write the options as one {..} argument",
        max: BOUNDS.particleCount,
      };
    }
    return numberArg("the particle count", a[8], BOUNDS.particleCount);
  },
};

/** The command after the first " run " of an `execute` command (command-gate.ts reads the chain alike). */
function runPart(command: string): string | undefined {
  if (!/^(?:minecraft:)?execute /.test(command)) return undefined;
  const run = command.indexOf(" run ");
  return run < 0 ? undefined : command.slice(run + 5);
}

/** Why a raw command (through the command gate) breaks the operator-item or bounds rule, or undefined. */
export function commandRuleProblem(command: string): RuleProblem | undefined {
  for (let part: string | undefined = command; part !== undefined; part = runPart(part)) {
    const [head = "", ...args] = part.split(" ").filter((t) => t !== "");
    const name = head.startsWith("minecraft:") ? head.slice("minecraft:".length) : head;
    const problem = CHECKS[name]?.(args);
    if (problem) return problem;
  }
  return undefined;
}

/** Why a typed call's item or count (its descriptor's `items`) breaks the rules, or undefined. */
export function typedRuleProblem(
  items: { item: string; count?: string } | undefined,
  args: Record<string, unknown>,
): RuleProblem | undefined {
  if (!items) return undefined;
  const item = args[items.item];
  const count = items.count === undefined ? undefined : args[items.count];
  return first(
    () => (typeof item === "string" ? itemProblem(item) : undefined),
    () =>
      typeof count === "number" ? boundProblem("the item count", count, BOUNDS.itemCount, 1) : undefined,
  );
}

/**
 * Recognises a player death message. In: the message part of a log line. Out: victim, cause,
 * killer and weapon, or undefined. Every pattern is anchored at both ends and starts with the
 * victim as a player name ([A-Za-z0-9_]{3,16}, no spaces), so text a player chose (a killer's
 * custom name, a weapon's name) can change the killer or weapon of a death, never its victim
 * or turn the line into another kind of event.
 */
import { DEATH_TEMPLATES } from "./death-templates.js";

export const PLAYER_NAME = "[A-Za-z0-9_]{3,16}";

export interface DeathMatch {
  player: string;
  /** The template key without `death.attack.` (e.g. `mob`, `fall.player`); `fell.*` keys keep `fell.`. */
  cause: string;
  /** Every key with exactly this wording (vanilla reuses some, e.g. mob and player). */
  keys: readonly string[];
  killer?: string;
  weapon?: string;
}

interface CompiledTemplate {
  keys: string[];
  pattern: RegExp;
  /** Capture group index of %2$s and %3$s (0 = absent). */
  killerGroup: number;
  weaponGroup: number;
  literalLength: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(template: string, keys: string[]): CompiledTemplate {
  if (!template.startsWith("%1$s "))
    throw new Error(`death template does not start with the victim: ${template}`);
  let source = `^(${PLAYER_NAME})`;
  let group = 1;
  let killerGroup = 0;
  let weaponGroup = 0;
  let literalLength = 0;
  for (const part of template.slice(4).split(/(%[123]\$s)/)) {
    if (part === "%2$s") {
      killerGroup = ++group;
      source += "(.+?)";
    } else if (part === "%3$s") {
      weaponGroup = ++group;
      source += "(\\[.+\\])";
    } else if (part === "%1$s") {
      throw new Error(`death template names the victim twice: ${template}`);
    } else {
      source += escapeRegex(part);
      literalLength += part.length;
    }
  }
  return { keys, pattern: new RegExp(`${source}$`), killerGroup, weaponGroup, literalLength };
}

function causeOf(key: string): string {
  return key.startsWith("death.attack.") ? key.slice("death.attack.".length) : key.slice("death.".length);
}

/** The first word after the victim, to try only the templates that can match. */
function firstWord(template: string): string {
  return template.slice(5).split(" ", 1)[0]!;
}

function buildIndex(): Map<string, CompiledTemplate[]> {
  const byText = new Map<string, string[]>();
  for (const [key, template] of DEATH_TEMPLATES) {
    const keys = byText.get(template) ?? [];
    keys.push(key);
    byText.set(template, keys);
  }
  const index = new Map<string, CompiledTemplate[]>();
  for (const [template, keys] of byText) {
    const word = firstWord(template);
    const list = index.get(word) ?? [];
    list.push(compile(template, keys.sort()));
    index.set(word, list);
  }
  // Longer fixed wording first: "was slain by %2$s using %3$s" before "was slain by %2$s".
  for (const list of index.values()) list.sort((a, b) => b.literalLength - a.literalLength);
  return index;
}

const INDEX = buildIndex();
const VICTIM = new RegExp(`^${PLAYER_NAME} `);

/**
 * `players`: the names known to be online. Vanilla words a kill by a player and by a mob alike
 * ("was slain by %2$s"); a killer who is an online player makes it the `player` key.
 */
export function matchDeath(
  message: string,
  players: ReadonlySet<string> = new Set(),
): DeathMatch | undefined {
  const head = VICTIM.exec(message);
  if (!head) return undefined;
  const rest = message.slice(head[0].length);
  const space = rest.indexOf(" ");
  const candidates = INDEX.get(space < 0 ? rest : rest.slice(0, space));
  if (!candidates) return undefined;
  for (const t of candidates) {
    const m = t.pattern.exec(message);
    if (!m) continue;
    const killer = t.killerGroup ? m[t.killerGroup] : undefined;
    const byPlayer = killer !== undefined && players.has(killer) ? t.keys.find(isPlayerKill) : undefined;
    const match: DeathMatch = { player: m[1]!, cause: causeOf(byPlayer ?? t.keys[0]!), keys: t.keys };
    if (killer !== undefined) match.killer = killer;
    if (t.weaponGroup) match.weapon = m[t.weaponGroup];
    return match;
  }
  return undefined;
}

function isPlayerKill(key: string): boolean {
  return key === "death.attack.player" || key.startsWith("death.attack.player.");
}

/** Every distinct wording with its keys (for tests and docs). */
export function deathWordings(): { template: string; keys: readonly string[] }[] {
  const out: { template: string; keys: string[] }[] = [];
  const seen = new Map<string, string[]>();
  for (const [key, template] of DEATH_TEMPLATES) {
    const keys = seen.get(template);
    if (keys) keys.push(key);
    else {
      const list = [key];
      seen.set(template, list);
      out.push({ template, keys: list });
    }
  }
  return out;
}

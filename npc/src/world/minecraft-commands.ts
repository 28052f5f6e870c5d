/**
 * Every command the service itself sends for an NPC (presence and speech), built in one place so
 * that the policy patterns in definitions/command-patterns.ts match exactly what is sent.
 * Speech is a JSON text component built with JSON.stringify and ASCII-escaped: player or LLM text
 * is never spliced into command text, and never carries what the command gate refuses (control
 * characters, `;`, `&&`, `||`).
 */
import { DEFAULT_MAX_COMMAND_LENGTH, toAsciiJson } from "@mcp-bridge/shared";
import type { NpcDefinition } from "../definitions/schema.js";

/** Longest text of one chat line; longer speech is split (RCON packets stay under 1446 bytes). */
export const MAX_LINE_CHARS = 256;
/**
 * Longest speech command: the default maximum command length of a policy role and of the mod, so
 * speech passes both without configuration. Lines whose escaped command is longer are split again.
 */
export const MAX_SPEECH_COMMAND_CHARS = DEFAULT_MAX_COMMAND_LENGTH;
export const NAME_COLOR = "green";

export const npcTag = (npc: Pick<NpcDefinition, "id">) => `npc_${npc.id}`;

/** Coordinates as vanilla reads them: integers stay integers, others keep up to 3 decimals. */
export function coord(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

/**
 * JSON with every non-ASCII character as \uXXXX (the mod and RCON paths are ASCII-safe), and `;`,
 * `&`, `|` as \u003b, \u0026, \u007c: inside text they are data, but the command gate refuses a
 * command holding `;`, `&&` or `||` anywhere. Minecraft's JSON reader decodes them back.
 */
export function asciiJson(value: unknown): string {
  return toAsciiJson(value).replace(/[;&|]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function dimensionPrefix(npc: NpcDefinition): string {
  return npc.location.dimension === "minecraft:overworld" ? "" : `execute in ${npc.location.dimension} run `;
}

export function summonCommand(npc: NpcDefinition): string {
  return `${dimensionPrefix(npc)}${summonHere(npc)}`;
}

/** The summon itself, without the `execute in <dimension> run` in front (the gate checks it alone too). */
export function summonHere(npc: NpcDefinition): string {
  const { x, y, z } = npc.location;
  // 1.21.1 reads CustomName as a JSON text component inside an SNBT string.
  const name = asciiJson(npc.name).replace(/\\/g, "\\\\").replace(/'/g, "\\'");
  const nbt = `{CustomName:'${name}',CustomNameVisible:1b,NoAI:1b,Invulnerable:1b,PersistenceRequired:1b,Silent:1b,Tags:["${npcTag(npc)}"]}`;
  return `summon ${npc.entityType} ${coord(x)} ${coord(y)} ${coord(z)} ${nbt}`;
}

export function killCommand(npc: NpcDefinition): string {
  return `kill @e[tag=${npcTag(npc)}]`;
}

/** The text component of one line: the NPC's name in colour, then the text as plain text. */
export function speechComponent(npc: NpcDefinition, text: string): string {
  return asciiJson(["", { text: `<${npc.name}> `, color: NAME_COLOR }, { text }]);
}

/** tellraw from the NPC's entity to the players within its perception radius. */
export function speechCommand(npc: NpcDefinition, text: string): string {
  return `execute at @e[tag=${npcTag(npc)},limit=1] run tellraw @a[distance=..${npc.perception.radius}] ${speechComponent(npc, text)}`;
}

/**
 * The tellraw commands that say `text`: sanitised lines (sanitizeForMinecraft), each split again
 * (at a space where possible, never inside a surrogate pair) until its command is at most
 * `maxChars` long.
 */
export function speechCommands(
  npc: NpcDefinition,
  text: string,
  maxChars = MAX_SPEECH_COMMAND_CHARS,
): string[] {
  const commands: string[] = [];
  for (const line of sanitizeForMinecraft(text)) {
    let rest = line;
    while (rest.length > 0) {
      const at = fittingCut(npc, rest, maxChars);
      const part = rest.slice(0, at).trimEnd();
      if (part.length > 0) commands.push(speechCommand(npc, part));
      rest = rest.slice(at).trimStart();
    }
  }
  return commands;
}

/** How many chars of `text` one speech command of at most `maxChars` can carry (at least 1). */
function fittingCut(npc: NpcDefinition, text: string, maxChars: number): number {
  if (speechCommand(npc, text).length <= maxChars) return text.length;
  let lo = 0; // fits
  let hi = text.length; // does not fit
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (speechCommand(npc, text.slice(0, mid)).length <= maxChars) lo = mid;
    else hi = mid;
  }
  let at = lo;
  const space = text.lastIndexOf(" ", at);
  if (space > at / 2) at = space;
  else if (at > 1 && /[\ud800-\udbff]/.test(text[at - 1]!)) at--; // keep a surrogate pair together
  return Math.max(at, 1);
}

/**
 * Text fit for chat: no control characters, no § formatting codes, whitespace collapsed, split
 * into lines of at most MAX_LINE_CHARS (at a space where possible).
 */
export function sanitizeForMinecraft(text: string): string[] {
  const clean = text
    .replace(/\u00a7./gs, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const lines: string[] = [];
  let rest = clean;
  while (rest.length > MAX_LINE_CHARS) {
    const cut = rest.lastIndexOf(" ", MAX_LINE_CHARS);
    const at = cut > MAX_LINE_CHARS / 2 ? cut : MAX_LINE_CHARS;
    lines.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) lines.push(rest);
  return lines;
}

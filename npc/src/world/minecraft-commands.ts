/**
 * Every command the service itself sends for an NPC (presence and speech), built in one place so
 * that the policy patterns in definitions/command-patterns.ts match exactly what is sent.
 * Speech is a JSON text component built with JSON.stringify and ASCII-escaped: player or LLM text
 * is never spliced into command text.
 */
import type { NpcDefinition } from "../definitions/schema.js";

/** Longest text of one tellraw line; longer speech is split (RCON packets stay under 1446 bytes). */
export const MAX_LINE_CHARS = 256;
export const NAME_COLOR = "green";

export const npcTag = (npc: Pick<NpcDefinition, "id">) => `npc_${npc.id}`;

/** Coordinates as vanilla reads them: integers stay integers, others keep up to 3 decimals. */
export function coord(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

/** JSON with every non-ASCII character as \uXXXX (the mod and RCON paths are ASCII-safe). */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function dimensionPrefix(npc: NpcDefinition): string {
  return npc.location.dimension === "minecraft:overworld" ? "" : `execute in ${npc.location.dimension} run `;
}

export function summonCommand(npc: NpcDefinition): string {
  const { x, y, z } = npc.location;
  // 1.21.1 reads CustomName as a JSON text component inside an SNBT string.
  const name = asciiJson(npc.name).replace(/\\/g, "\\\\").replace(/'/g, "\\'");
  const nbt = `{CustomName:'${name}',CustomNameVisible:1b,NoAI:1b,Invulnerable:1b,PersistenceRequired:1b,Silent:1b,Tags:["${npcTag(npc)}"]}`;
  return `${dimensionPrefix(npc)}summon ${npc.entityType} ${coord(x)} ${coord(y)} ${coord(z)} ${nbt}`;
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

/**
 * An NPC's permissions as anchored command patterns (the policy's own language), not verb checks.
 * A bare verb allows that verb with "safe" arguments only: [A-Za-z0-9_:.~^+-] and spaces, so no
 * selectors (@a/@e/@r/@p/@s), no NBT or block states ({ [ ), no quotes and no operator items. Any
 * of those needs an explicit {pattern}. Denied verbs (the NPC's and ALWAYS_DENIED) become a
 * negative lookahead in front of every allowed pattern, so even an explicit pattern cannot reach them.
 * The service's own presence and speech commands get exact patterns for this NPC's tag. Every
 * pattern passes pattern safety (no repeated group that repeats), as the policy and the mod require.
 */
import { CommandGate, MAX_COMMAND_LENGTH, OPERATOR_ITEMS, Policy, patternProblem } from "@mcp-bridge/shared";
import { killCommand, NAME_COLOR, npcTag, summonCommand, summonHere } from "../world/minecraft-commands.js";
import { ALWAYS_DENIED, NPC_TOOLS, type NpcDefinition } from "./schema.js";

/**
 * No operator item (shared OPERATOR_ITEMS) anywhere in the command, as a whole id (checked once, in
 * front). The NPC service and the bridge apply the operator-item rule anyway; in the pattern it also
 * reaches the mod's allow-list (modAllowPatterns), the last line of defence.
 */
const NO_OPERATOR_ITEM = `(?!.*[ :](?:${[...OPERATOR_ITEMS].join("|")})(?:[ \\[{]|$))`;
/** A bare verb's arguments: optional, a space then safe characters (one repetition, no nesting). */
const SAFE_ARGUMENTS = String.raw`(?: [A-Za-z0-9_:.~^+\-][A-Za-z0-9_:.~^+\- ]*)?`;
/**
 * Longest command an NPC role may send: the cap. Summons carry NBT, and explicit patterns may be
 * long; speech stays within the default length anyway (MAX_SPEECH_COMMAND_CHARS).
 */
export const NPC_MAX_COMMAND_LENGTH = MAX_COMMAND_LENGTH;

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

function deniedLookahead(npc: NpcDefinition): string {
  const verbs = [...new Set([...ALWAYS_DENIED, ...npc.permissions.deniedCommands])].map(escapeRegex);
  return `(?!(?:minecraft:)?(?:${verbs.join("|")})(?: |$))`;
}

/**
 * Whether the model may run <function> commands at all: permitted, `execute_command` in its tools,
 * and its access level "trusted".
 */
export function runsCommands(npc: NpcDefinition): boolean {
  return (
    npc.permissions.canExecuteCommands &&
    npc.permissions.accessLevel === "trusted" &&
    npc.tools.includes("execute_command")
  );
}

/** Patterns for what the LLM may run through <function> (empty when it may not run commands). */
export function functionPatterns(npc: NpcDefinition): string[] {
  if (!runsCommands(npc)) return [];
  const deny = deniedLookahead(npc);
  return npc.permissions.allowedCommands.map((entry) =>
    typeof entry === "string"
      ? `${deny}${NO_OPERATOR_ITEM}${escapeRegex(entry)}${SAFE_ARGUMENTS}`
      : `${deny}(?:${entry.pattern})`,
  );
}

/** A JSON string literal as asciiJson writes it: escapes only, no raw quotes or control characters. */
const HEX = "[0-9a-f]";
const JSON_STRING = String.raw`"(?:[ !#-\[\]-~]|\\["\\/bfnrt]|\\u${HEX}${HEX}${HEX}${HEX})*"`;

/** The tellraw part of the NPC's speech: to players within its radius, one plain-text component. */
function tellrawPattern(npc: NpcDefinition): string {
  const component = `["",{"text":"<${npc.name}> ","color":"${NAME_COLOR}"},{"text":`;
  return `${escapeRegex(`tellraw @a[distance=..${npc.perception.radius}] ${component}`)}${JSON_STRING}\\}\\]`;
}

/**
 * Exact patterns of the service's own commands for this NPC: summon, kill, and plain-text speech,
 * plus the commands after their `execute ... run` alone (the tellraw; the summon in another
 * dimension), because the command gate checks that part against the patterns too.
 */
export function presencePatterns(npc: NpcDefinition): string[] {
  const speechPrefix = `execute at @e[tag=${npcTag(npc)},limit=1] run `;
  const summon = summonCommand(npc);
  const here = summonHere(npc);
  return [
    escapeRegex(summon),
    ...(here === summon ? [] : [escapeRegex(here)]),
    escapeRegex(killCommand(npc)),
    `${escapeRegex(speechPrefix)}${tellrawPattern(npc)}`,
    tellrawPattern(npc),
  ];
}

/** Every pattern of an NPC's role: its own commands and what the LLM may run. */
export function npcPatterns(npc: NpcDefinition): string[] {
  return [...presencePatterns(npc), ...functionPatterns(npc)];
}

/** Stand-ins for what a reload may change, replaced by their general form in modPresencePatterns. */
const PLACE_TOKENS = { name: "Zq9NpcNameZq9", x: 7771.25, y: 7772.25, z: 7773.25, radius: 119 };

/**
 * The presence patterns the mod's allow-list gets: the policy's, with the name, the coordinates and
 * the speech radius in their general form. The mod's allow-list is fixed at its start while the
 * definitions file is live-reloaded: a renamed or moved NPC must still be summoned and heard. The
 * bridge's policy keeps the exact patterns (re-merged on every reload); the entity type, the
 * dimension and the tag (the NPC's id) stay exact here too.
 */
function modPresencePatterns(npc: NpcDefinition): string[] {
  const t = PLACE_TOKENS;
  const template: NpcDefinition = {
    ...npc,
    name: t.name,
    location: { ...npc.location, x: t.x, y: t.y, z: t.z },
    perception: { ...npc.perception, radius: t.radius },
  };
  const number = String.raw`-?[0-9]{1,8}(?:\.[0-9]{1,3})?`;
  return presencePatterns(template).map((pattern) =>
    pattern
      // in the summon's SNBT string an apostrophe is escaped (\'); in the tellraw JSON it is not
      .replace(`CustomName:'"${t.name}"'`, String.raw`CustomName:'"(?:[A-Za-z0-9 _-]|\\'){1,32}"'`)
      .replaceAll(t.name, "[A-Za-z0-9 _'-]{1,32}")
      .replace(escapeRegex(String(t.x)), number)
      .replace(escapeRegex(String(t.y)), number)
      .replace(escapeRegex(String(t.z)), number)
      .replaceAll(`distance=${escapeRegex(`..${t.radius}]`)}`, String.raw`distance=\.\.[0-9]{1,3}\]`),
  );
}

/**
 * Patterns the mod's allow-list needs for these NPCs (devserver --allow, the mod's config): the
 * general presence patterns and the exact function patterns (an NPC given more commands needs the
 * mod's allow-list updated, so a reload can narrow an NPC's commands at once but not widen them).
 */
export function modAllowPatterns(npcs: NpcDefinition[]): string[] {
  return npcs.flatMap((npc) => [...modPresencePatterns(npc), ...functionPatterns(npc)]);
}

/** Problems pattern safety finds in an NPC's function patterns (the denied-verb guard included). */
export function functionPatternProblems(npc: NpcDefinition): { index: number; problem: string }[] {
  if (!runsCommands(npc)) return [];
  return functionPatterns(npc).flatMap((pattern, index) => {
    const problem = patternProblem(pattern);
    return problem ? [{ index, problem }] : [];
  });
}

export const npcClientId = (npc: Pick<NpcDefinition, "id">) => `npc:${npc.id}`;

/**
 * What the service itself calls under every NPC's client, whatever the NPC's `tools` say:
 * `execute_command` (its speech and placement), `get_online_players` and `get_player_info` (the
 * player tracker: proximity, distances, `@p`), `get_world_info` (whether its entity is there,
 * world/presence.ts), `get_server_info` (time of day and weather, world/perception.ts) and
 * `get_nearby_mobs` (the mobs it perceives, world/nearby-mobs.ts). The
 * NPC's `tools` limit its model (<function>, <tool>): the service checks them before queuing.
 */
const SERVICE_TOOLS = NPC_TOOLS;

/**
 * The policy document part for these NPCs: one role and one client `npc:<id>` each. The bridge's
 * policy file must contain it (`minecraft-npc policy --merge <file>` writes it in); the service
 * checks every command against it before queuing, and the bridge checks again.
 */
export function policyFragment(npcs: NpcDefinition[]) {
  const roles: Record<
    string,
    {
      tools: string[];
      commands: string[];
      players: string[];
      maxCommandLength: number;
      rateLimit: { perMinute: number };
    }
  > = {};
  const clients: { id: string; role: string }[] = [];
  for (const npc of npcs) {
    const id = npcClientId(npc);
    roles[id] = {
      tools: [...new Set([...npc.tools, ...SERVICE_TOOLS])],
      commands: npcPatterns(npc),
      players: ["*"],
      maxCommandLength: NPC_MAX_COMMAND_LENGTH,
      rateLimit: { perMinute: 600 },
    };
    clients.push({ id, role: id });
  }
  return { roles, clients };
}

/** A policy document with these NPCs' roles and clients replaced (others kept as they are). */
export function mergePolicy(
  document: { roles: Record<string, unknown>; clients: { id: string }[] },
  npcs: NpcDefinition[],
) {
  const fragment = policyFragment(npcs);
  const roles = Object.fromEntries(
    Object.entries(document.roles).filter(([name]) => !name.startsWith("npc:")),
  );
  const clients = document.clients.filter((c) => !c.id.startsWith("npc:"));
  const merged = {
    ...document,
    roles: { ...roles, ...fragment.roles },
    clients: [...clients, ...fragment.clients],
  };
  Policy.parse(merged); // refuses a result the bridge would refuse
  return merged;
}

/**
 * The NPC's own check of a <function> command before queuing: the shared command gate (the policy's
 * and the mod's rules) over the NPC's function patterns only, with the NPC role's length limit.
 */
export function functionGate(npc: NpcDefinition): CommandGate {
  return new CommandGate(functionPatterns(npc), NPC_MAX_COMMAND_LENGTH);
}

/**
 * An NPC's permissions as anchored command patterns (the policy's own language), not verb checks.
 * A bare verb allows that verb with "safe" arguments only: words of [A-Za-z0-9_:.~^+-], so no
 * selectors (@a/@e/@r/@p/@s), no NBT or block states ({ [ ), no quotes and no command blocks. Any
 * of those needs an explicit {pattern}. Denied verbs (the NPC's and ALWAYS_DENIED) become a
 * negative lookahead in front of every allowed pattern, so even an explicit pattern cannot reach them.
 * The service's own presence and speech commands get exact patterns for this NPC's tag.
 */
import { Policy } from "@mcp-bridge/shared";
import { killCommand, NAME_COLOR, npcTag, summonCommand } from "../world/minecraft-commands.js";
import { ALWAYS_DENIED, type NpcDefinition } from "./schema.js";

const SAFE_WORD = String.raw`(?![^ ]*command_block)[A-Za-z0-9_:.~^+\-]+`;

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

function deniedLookahead(npc: NpcDefinition): string {
  const verbs = [...new Set([...ALWAYS_DENIED, ...npc.permissions.deniedCommands])].map(escapeRegex);
  return `(?!(?:minecraft:)?(?:${verbs.join("|")})(?: |$))`;
}

/** Patterns for what the LLM may run through <function> (empty when it may not run commands). */
export function functionPatterns(npc: NpcDefinition): string[] {
  if (!npc.permissions.canExecuteCommands) return [];
  const deny = deniedLookahead(npc);
  return npc.permissions.allowedCommands.map((entry) =>
    typeof entry === "string"
      ? `${deny}${escapeRegex(entry)}(?: ${SAFE_WORD})*`
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

/** Exact patterns of the service's own commands for this NPC: summon, kill, and plain-text speech. */
export function presencePatterns(npc: NpcDefinition): string[] {
  const speechPrefix = `execute at @e[tag=${npcTag(npc)},limit=1] run `;
  return [
    escapeRegex(summonCommand(npc)),
    escapeRegex(killCommand(npc)),
    `${escapeRegex(speechPrefix)}${tellrawPattern(npc)}`,
  ];
}

/**
 * Patterns the mod's allow-list needs for these NPCs (devserver --allow, the mod's config): the
 * policy's, plus the tellraw alone, because the mod also checks the command after `execute ... run`.
 */
export function modAllowPatterns(npcs: NpcDefinition[]): string[] {
  return npcs.flatMap((npc) => [...presencePatterns(npc), tellrawPattern(npc), ...functionPatterns(npc)]);
}

export const npcClientId = (npc: Pick<NpcDefinition, "id">) => `npc:${npc.id}`;

export const PRESENCE_TOOLS = ["execute_command", "get_online_players", "get_player_info"];

/**
 * The policy document part for these NPCs: one role and one client `npc:<id>` each. The bridge's
 * policy file must contain it (`minecraft-npc policy --merge <file>` writes it in); the service
 * checks every command against it before queuing, and the bridge checks again.
 */
export function policyFragment(npcs: NpcDefinition[]) {
  const roles: Record<
    string,
    { tools: string[]; commands: string[]; players: string[]; rateLimit: { perMinute: number } }
  > = {};
  const clients: { id: string; role: string }[] = [];
  for (const npc of npcs) {
    const id = npcClientId(npc);
    roles[id] = {
      tools: [
        ...new Set([
          ...PRESENCE_TOOLS.filter((t) => t !== "execute_command"),
          ...npc.tools,
          "execute_command",
        ]),
      ],
      commands: [...presencePatterns(npc), ...functionPatterns(npc)],
      players: ["*"],
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

/** The NPC's own check before queuing: same anchoring as the policy (`^(?:p)$`, leading / dropped). */
export class CommandGate {
  private readonly functions: RegExp[];
  constructor(npc: NpcDefinition) {
    this.functions = functionPatterns(npc).map((p) => new RegExp(`^(?:${p})$`));
  }
  allows(command: string): boolean {
    const c = command.replace(/^\//, "");
    return this.functions.some((re) => re.test(c));
  }
}

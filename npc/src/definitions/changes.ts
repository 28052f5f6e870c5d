/**
 * What a new version of the definitions file changed, NPC by NPC: added, removed, or the fields
 * that differ (logged at every reload). `replace`: the entity must be summoned again (its name,
 * place or type changed: the summon is what carries them).
 */
import type { NpcDefinition } from "./schema.js";

export interface NpcChange {
  id: string;
  change: "added" | "removed" | "changed";
  /** Changed fields, one level deep (`permissions.allowedCommands`, `name`). */
  fields: string[];
  replace: boolean;
  /** The definition before the change (changed NPCs). */
  previous?: NpcDefinition;
}

const REPLACING = ["name", "location", "entityType"];

function changedFields(a: Record<string, unknown>, b: Record<string, unknown>, prefix = ""): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((key) => {
    const [x, y] = [a[key], b[key]];
    if (JSON.stringify(x) === JSON.stringify(y)) return [];
    const nested = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
    return !prefix && nested(x) && nested(y)
      ? changedFields(x as Record<string, unknown>, y as Record<string, unknown>, `${key}.`)
      : [`${prefix}${key}`];
  });
}

export function definitionChanges(previous: NpcDefinition[], next: NpcDefinition[]): NpcChange[] {
  const before = new Map(previous.map((n) => [n.id, n]));
  const ids = new Set(next.map((n) => n.id));
  const changes: NpcChange[] = [];
  for (const npc of next) {
    const old = before.get(npc.id);
    if (!old) {
      changes.push({ id: npc.id, change: "added", fields: [], replace: false });
      continue;
    }
    const fields = changedFields(old, npc);
    if (fields.length === 0) continue;
    const replace = fields.some((f) => REPLACING.includes(f.split(".")[0]!));
    changes.push({ id: npc.id, change: "changed", fields, replace, previous: old });
  }
  for (const old of previous.filter((n) => !ids.has(n.id))) {
    changes.push({ id: old.id, change: "removed", fields: [], replace: false });
  }
  return changes;
}

/**
 * Writes the NPCs' policy fragment into the bridge's policy file (`minecraft-npc policy --merge`,
 * and the service on every reload of the definitions file when NPC_POLICY_MERGE is on): only the
 * `npc:` roles and clients are replaced, each made from the definitions alone (mergePolicy), so an
 * NPC gets exactly what the admin's NPC file allows. Written to a temporary file and renamed: the
 * bridge and mcp/ watching the file never read half of it.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { parseJson } from "@mcp-bridge/shared";
import { mergePolicy } from "./command-patterns.js";
import type { NpcDefinition } from "./schema.js";

/** Merges the NPCs' roles and clients into the policy file; returns whether the file changed. */
export function mergePolicyFile(path: string, npcs: NpcDefinition[]): boolean {
  const before = readFileSync(path, "utf8");
  const merged = `${JSON.stringify(mergePolicy(parseJson(before) as Parameters<typeof mergePolicy>[0], npcs), null, 2)}\n`;
  if (merged === before) return false;
  writeFileSync(`${path}.tmp`, merged, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  return true;
}

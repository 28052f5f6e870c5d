/**
 * The NPC definitions against the bridge's policy file, on every (re)load: with NPC_POLICY_MERGE the
 * file gets the NPCs' roles as the definitions now define them (a renamed NPC's summon and speech,
 * its new commands); every change is logged; an NPC whose client the policy lacks is named, since
 * the bridge will refuse its jobs.
 */
import type { Policy } from "@mcp-bridge/shared";
import type { Logger } from "pino";
import type { NpcChange } from "./changes.js";
import { npcClientId } from "./command-patterns.js";
import { mergePolicyFile } from "./policy-file.js";
import type { NpcDefinition } from "./schema.js";

export interface PolicySyncOptions {
  policyFile: string;
  policyMerge: boolean;
}

/** Merges the NPCs' roles into the policy file when asked to, and logs what changed. */
export function applyToPolicy(
  options: PolicySyncOptions,
  next: NpcDefinition[],
  changes: NpcChange[],
  logger: Logger,
): void {
  if (changes.length === 0) return;
  let merged = false;
  if (options.policyMerge) {
    try {
      merged = mergePolicyFile(options.policyFile, next);
    } catch (error) {
      logger.error(
        { err: (error as Error).message, policy: options.policyFile },
        "could not merge the NPCs' roles into the policy file: the bridge keeps the previous ones",
      );
    }
  }
  logger.info(
    { changes: changes.map(({ id, change, fields }) => ({ id, change, fields })), policyMerged: merged },
    "NPC definitions applied",
  );
}

/** Warns when the policy has no client for the NPC. */
export function warnIfNoClient(
  policy: Policy | undefined,
  npc: NpcDefinition,
  policyFile: string,
  logger: Logger,
): void {
  if (policy && !policy.clientById(npcClientId(npc))) {
    logger.warn(
      { npc: npc.id },
      `policy client '${npcClientId(npc)}' is missing from ${policyFile}: the bridge will refuse this NPC's jobs; run 'minecraft-npc policy --merge ${policyFile}'`,
    );
  }
}

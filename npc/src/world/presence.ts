/**
 * Whether an NPC's entity is in the world, from a read (get_world_info around the spot it was
 * summoned at: an entity of its type and name). Reads never fail in the game, so checking costs no
 * failed command: the service summons without a `kill` first when nothing is there (a `kill` that
 * finds nothing is a failed command, which the mod logs as an error), and puts back an entity that
 * was killed or lost with its chunk. Without the mod the game has no such read (UNSUPPORTED): the
 * answer is `undefined`, and the service falls back to kill-then-summon at placement.
 */
import { BridgeError, type ClientIdentity } from "@mcp-bridge/shared";
import type { Logger } from "pino";
import type { JobRunner } from "../actions/executor.js";
import type { NpcDefinition } from "../definitions/schema.js";

/** NoAI entities do not move; a little room for rounding of the summon's coordinates. */
const FOUND_WITHIN = 1;

export async function entityPresent(
  jobs: JobRunner,
  npc: NpcDefinition,
  client: ClientIdentity,
  timeoutMs: number,
  logger: Logger,
): Promise<boolean | undefined> {
  const { x, y, z, dimension, serverId } = npc.location;
  try {
    const outcome = await jobs.run(
      serverId,
      "get_world_info",
      { x: Math.floor(x), y: Math.floor(y), z: Math.floor(z), radius: FOUND_WITHIN + 1, world: dimension },
      client,
      timeoutMs,
    );
    if (outcome.status !== "completed") return undefined;
    const entities = (outcome.data as { entities?: { type: string; name?: string | null }[] }).entities ?? [];
    return entities.some((e) => e.type === npc.entityType && e.name === npc.name);
  } catch (error) {
    const e = BridgeError.from(error);
    if (e.code !== "UNSUPPORTED") {
      logger.debug({ npc: npc.id, err: e.message }, "could not check whether the NPC's entity is there");
    }
    return undefined;
  }
}

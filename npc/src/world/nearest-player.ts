/**
 * The one selector an NPC's command may use: `@p`, "the nearest player to this NPC", resolved by the
 * service (not the game) at the NPC's position from the player tracker, within its perception
 * radius and dimension, and replaced by the player's name before the command is checked and queued.
 * So the command gate and the bridge's policy see a plain name, as for any other command. Only a
 * whole `@p` argument is resolved: `@p[...]`, `@a`, `@e`, `@r`, `@s` and an `@p` inside a word stay
 * as written, and the gate refuses them.
 */
import type { NpcDefinition } from "../definitions/schema.js";
import { distanceFromNpc, type Position } from "./player-tracker.js";

/** A Minecraft player name (Java edition): what `@p` may become, never another selector. */
const PLAYER_NAME = /^[A-Za-z0-9_]{1,16}$/;
const NEAREST = "@p";

export interface Nearby {
  name: string;
  distance: number;
}

/** The nearest player within the NPC's radius (ties: the name first in order), or undefined. */
export function nearestPlayer(
  players: ReadonlyMap<string, Position>,
  npc: Pick<NpcDefinition, "location" | "perception">,
): Nearby | undefined {
  let best: Nearby | undefined;
  for (const [name, pos] of players) {
    if (!PLAYER_NAME.test(name)) continue; // not a name the game can have: never put in a command
    const d = distanceFromNpc(pos, npc.location);
    if (d > npc.perception.radius) continue;
    if (!best || d < best.distance || (d === best.distance && name < best.name)) best = { name, distance: d };
  }
  return best;
}

type NearestResolution = { ok: true; command: string } | { ok: false; reason: string };

/**
 * The command with every whole `@p` argument replaced by the nearest player's name. `nearest` is
 * asked only when there is one; none near: refused with the reason.
 */
export function resolveNearest(
  command: string,
  npc: Pick<NpcDefinition, "name" | "perception">,
  nearest: () => Nearby | undefined,
): NearestResolution {
  const args = command.split(" ");
  if (!args.includes(NEAREST)) return { ok: true, command };
  const player = nearest();
  if (!player) {
    return {
      ok: false,
      reason: `@p means the nearest player within ${npc.name}'s ${npc.perception.radius} blocks, and no player is there; name the player instead`,
    };
  }
  return { ok: true, command: args.map((a) => (a === NEAREST ? player.name : a)).join(" ") };
}

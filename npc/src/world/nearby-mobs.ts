/**
 * The mobs an NPC perceives (issue 27 §3): get_nearby_mobs around the NPC within its perception
 * radius (-1 in the NPC file is the widest the schema allows, 128, which is also the operation's cap),
 * one read per NPC per TTL. In: the operation's answer. Out: one prompt line. A custom name is text
 * any player with a name tag chose: it is JSON-quoted (one string, no line break, no way to end the
 * quote) and the line sits in the prompt's nonce-marked perception block, as player chat does.
 * Without the mod the read is UNSUPPORTED; the server is then not asked again for a while.
 */
import { BridgeError, type ClientIdentity, NEARBY_MOBS_MAX_RADIUS } from "@mcp-bridge/shared";
import type { Logger } from "pino";
import type { JobRunner } from "../actions/executor.js";
import type { NpcDefinition } from "../definitions/schema.js";

interface NearbyMob {
  type: string;
  name: string | null;
  distance: number;
}

export interface MobReading {
  mobs: NearbyMob[];
  /** Mobs within the radius, the NPC's own entity not counted. */
  total: number;
}

/** How many mobs the prompt lists at most (nearest first; unnamed ones of a type share an entry). */
const MAX_MOBS = 10;
/** The NPC's own entity stands where it was summoned (NoAI); this much room for rounding. */
const SELF_WITHIN = 1.5;
/** Characters of a custom name the prompt keeps (the mod already cuts at 64). */
const MAX_NAME_CHARS = 64;
const TYPE_ID = /^[a-z0-9_.-]+:[a-z0-9_./-]+$/;

/** The read for one NPC; undefined when the server has no answer (logged), UNSUPPORTED reported. */
export async function readNearbyMobs(
  jobs: JobRunner,
  npc: NpcDefinition,
  client: ClientIdentity,
  timeoutMs: number,
  logger: Logger,
): Promise<MobReading | "unsupported" | undefined> {
  const { serverId, dimension, x, y, z } = npc.location;
  const radius = Math.min(npc.perception.radius, NEARBY_MOBS_MAX_RADIUS);
  try {
    const outcome = await jobs.run(
      serverId,
      "get_nearby_mobs",
      { x, y, z, radius, world: dimension, limit: MAX_MOBS + 1 },
      client,
      timeoutMs,
    );
    if (outcome.status !== "completed") return undefined;
    const d = outcome.data as { mobs?: unknown; total?: unknown };
    if (!Array.isArray(d.mobs) || typeof d.total !== "number") return undefined;
    // Kept per NPC until the next read: only what the prompt line uses.
    const all = (d.mobs as NearbyMob[])
      .filter((m) => typeof m?.type === "string" && typeof m.distance === "number")
      .map((m) => ({ type: m.type, name: typeof m.name === "string" ? m.name : null, distance: m.distance }));
    const mobs = all.filter((m) => !isSelf(npc, m));
    return { mobs: mobs.slice(0, MAX_MOBS), total: Math.max(0, d.total - (all.length - mobs.length)) };
  } catch (error) {
    const e = BridgeError.from(error);
    if (e.code === "UNSUPPORTED") return "unsupported";
    logger.debug({ npc: npc.id, err: e.message }, "mobs near the NPC unknown");
    return undefined;
  }
}

function isSelf(npc: NpcDefinition, mob: NearbyMob): boolean {
  return mob.type === npc.entityType && mob.name === npc.name && mob.distance <= SELF_WITHIN;
}

/** `minecraft:cow` -> `cow`; a modded id stays whole; anything else is quoted. */
function typeName(type: string): string {
  if (!TYPE_ID.test(type)) return JSON.stringify(type.slice(0, MAX_NAME_CHARS));
  return type.startsWith("minecraft:") ? type.slice("minecraft:".length) : type;
}

const blocks = (d: number) => `${Math.round(d)} block${Math.round(d) === 1 ? "" : "s"}`;

/** "mobs near you: zombie named "..." (2 blocks), cow x3 (nearest 5 blocks), and 4 more". */
export function describeMobs(reading: MobReading): string {
  if (reading.mobs.length === 0) return "no mobs near you";
  const entries: { text: (count: number) => string; count: number }[] = [];
  const unnamed = new Map<string, { count: number }>();
  for (const mob of reading.mobs) {
    if (mob.name !== null && mob.name !== undefined) {
      const name = JSON.stringify(String(mob.name).slice(0, MAX_NAME_CHARS));
      entries.push({ text: () => `${typeName(mob.type)} named ${name} (${blocks(mob.distance)})`, count: 1 });
      continue;
    }
    const group = unnamed.get(mob.type);
    if (group) {
      group.count++;
      continue;
    }
    const entry = {
      count: 1,
      text: (count: number) =>
        count === 1
          ? `${typeName(mob.type)} (${blocks(mob.distance)})`
          : `${typeName(mob.type)} x${count} (nearest ${blocks(mob.distance)})`,
    };
    unnamed.set(mob.type, entry);
    entries.push(entry);
  }
  const more = reading.total - reading.mobs.length;
  return `mobs near you: ${entries.map((e) => e.text(e.count)).join(", ")}${more > 0 ? `, and ${more} more` : ""}`;
}

/**
 * Maps a player's entity data (`data get entity <player>`, parsed from SNBT) to get_player_info.
 * In: the SNBT compound. Out: {name, uuid, health, foodLevel, location, gameMode, inventory}.
 * Field names are those of vanilla 1.21 player NBT: Health (float), foodLevel (int),
 * Pos [x, y, z] (doubles), Dimension ("minecraft:overworld"), playerGameType (0-3),
 * Inventory [{Slot, id, count}] (before 1.20.5: Count as a byte), UUID [I; four ints].
 */
import { BridgeError, type ItemStack, type OperationResult } from "@mcp-bridge/shared";
import type { SnbtCompound, SnbtValue } from "./snbt.js";

/** net.minecraft.world.level.GameType ids, named as the protocol's gameMode. */
const GAME_MODES = ["SURVIVAL", "CREATIVE", "ADVENTURE", "SPECTATOR"] as const;

function missing(field: string): BridgeError {
  return new BridgeError(
    "SERVER_ERROR",
    `the player's entity data has no usable ${field}; is this a 1.21 server?`,
    {
      details: { field },
    },
  );
}

function isCompound(value: SnbtValue | undefined): value is SnbtCompound {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function numberField(data: SnbtCompound, field: string): number {
  const value = data[field];
  if (typeof value !== "number" || !Number.isFinite(value)) throw missing(field);
  return value;
}

/** The four ints of an NBT UUID, most significant first, as the usual 8-4-4-4-12 hex string. */
export function uuidFromInts(ints: SnbtValue | undefined): string {
  if (
    !Array.isArray(ints) ||
    ints.length !== 4 ||
    !ints.every((n) => typeof n === "number" && Number.isInteger(n))
  ) {
    throw missing("UUID");
  }
  const hex = (ints as number[]).map((n) => (n >>> 0).toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function inventory(value: SnbtValue | undefined): ItemStack[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw missing("Inventory");
  const items: ItemStack[] = [];
  for (const entry of value) {
    if (!isCompound(entry) || typeof entry.id !== "string") continue;
    const count = entry.count ?? entry.Count ?? 1;
    if (typeof count !== "number") continue;
    items.push({ type: entry.id, quantity: Math.max(0, Math.trunc(count)) });
  }
  return items;
}

export function playerInfoFromData(name: string, data: SnbtValue): OperationResult<"get_player_info"> {
  if (!isCompound(data)) throw missing("compound");
  const pos = data.Pos;
  if (!Array.isArray(pos) || pos.length !== 3 || !pos.every((n) => typeof n === "number"))
    throw missing("Pos");
  const [x, y, z] = pos as number[];
  const dimension = typeof data.Dimension === "string" ? data.Dimension : "minecraft:overworld";
  const gameType = typeof data.playerGameType === "number" ? data.playerGameType : 0;
  return {
    name,
    uuid: uuidFromInts(data.UUID),
    health: numberField(data, "Health"),
    foodLevel: Math.trunc(numberField(data, "foodLevel")),
    location: { world: dimension, x: x!, y: y!, z: z! },
    gameMode: GAME_MODES[gameType] ?? `UNKNOWN_${gameType}`,
    inventory: inventory(data.Inventory),
  };
}

/**
 * Maps a player's entity data (`data get entity <player>`, parsed from SNBT) to get_player_info.
 * In: the SNBT compound. Out: {name, uuid, health, foodLevel, location, gameMode, inventory}.
 * Field names are those of vanilla 1.21 player NBT: Health (float), foodLevel (int),
 * Pos [x, y, z] (doubles), Dimension ("minecraft:overworld"), playerGameType (0-3),
 * Inventory [{Slot, id, count}] (before 1.20.5: Count as a byte), UUID [I; four ints].
 * Armour and the off-hand item are in Inventory (slots 100-103, -106) up to 1.21.4; from 1.21.5 on
 * they are in `equipment: {head, chest, legs, feet, offhand, body, saddle}`: both are read, so the
 * inventory lists the same items on every version.
 */
import { BridgeError, type ItemStack, type OperationResult } from "@mcp-bridge/shared";
import { describeProfile, type ServerProfile, UNKNOWN_PROFILE } from "./server-profile.js";
import type { SnbtCompound, SnbtValue } from "./snbt.js";

/** net.minecraft.world.level.GameType ids, named as the protocol's gameMode. */
const GAME_MODES = ["SURVIVAL", "CREATIVE", "ADVENTURE", "SPECTATOR"] as const;

function missing(field: string): BridgeError {
  return new BridgeError("SERVER_ERROR", `the player's entity data has no usable ${field}`, {
    details: { field },
  });
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
function uuidFromInts(ints: SnbtValue | undefined): string {
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

function itemStack(entry: SnbtValue | undefined): ItemStack | undefined {
  if (!isCompound(entry) || typeof entry.id !== "string") return undefined;
  const count = entry.count ?? entry.Count ?? 1;
  if (typeof count !== "number") return undefined;
  return { type: entry.id, quantity: Math.max(0, Math.trunc(count)) };
}

function inventory(value: SnbtValue | undefined, equipment: SnbtValue | undefined): ItemStack[] {
  if (value !== undefined && !Array.isArray(value)) throw missing("Inventory");
  if (equipment !== undefined && !isCompound(equipment)) throw missing("equipment");
  const entries = [...(value ?? []), ...Object.values(equipment ?? {})];
  return entries.map(itemStack).filter((item): item is ItemStack => item !== undefined);
}

/** Reads the data; an unusable field fails with a message naming the detected server. */
export function playerInfoFromData(
  name: string,
  data: SnbtValue,
  profile: ServerProfile = UNKNOWN_PROFILE,
): OperationResult<"get_player_info"> {
  try {
    return readPlayerInfo(name, data);
  } catch (error) {
    if (!(error instanceof BridgeError)) throw error;
    throw new BridgeError("SERVER_ERROR", `${error.message} (server: ${describeProfile(profile)})`, {
      details: { ...error.details, version: profile.version ?? "unknown", brand: profile.brand },
    });
  }
}

function readPlayerInfo(name: string, data: SnbtValue): OperationResult<"get_player_info"> {
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
    inventory: inventory(data.Inventory, data.equipment),
  };
}

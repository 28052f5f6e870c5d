/**
 * Redis Cluster's hash slots, for the readers that name several servers' streams in one command
 * (XREAD, XREADGROUP): a cluster refuses keys of different slots in one command (CROSSSLOT), so
 * they read one slot's streams per command.
 */
import type { RedisConnection } from "./connect.js";

/** The slot of a key: CRC16/XMODEM of its hash tag (the first non-empty {...}) or of the key, mod 16384. */
export function keySlot(key: string): number {
  const open = key.indexOf("{");
  const close = open >= 0 ? key.indexOf("}", open + 1) : -1;
  const hashed = close > open + 1 ? key.slice(open + 1, close) : key;
  let crc = 0;
  for (const byte of Buffer.from(hashed)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc % 16384;
}

/**
 * The keys one multi-key command may name together: all of them on a single Redis (one command is
 * cheapest there), one group per slot on a cluster. Order within a group is kept.
 */
export function keysPerCommand(connection: RedisConnection, keys: readonly string[]): string[][] {
  if (!connection.isCluster) return keys.length > 0 ? [[...keys]] : [];
  const groups = new Map<number, string[]>();
  for (const key of keys) {
    const slot = keySlot(key);
    groups.set(slot, [...(groups.get(slot) ?? []), key]);
  }
  return [...groups.values()];
}

/**
 * The full en_us string table of each era. game-strings.ts (generated) states the first era whole
 * and every later era as what changed since the one before; this applies the changes in order.
 * In: the generated eras. Out: one complete table per era, oldest first.
 */
import { GAME_STRING_ERAS, type GameStringEra } from "./game-strings.js";

export interface GameStringTable {
  /** The first version (of those checked) with these strings. */
  since: string;
  checked: readonly string[];
  strings: Readonly<Record<string, string>>;
}

/** Each era's table: the era before it with this era's changes applied. */
export function resolveEras(eras: readonly GameStringEra[]): GameStringTable[] {
  const tables: GameStringTable[] = [];
  for (const era of eras) {
    const before = tables.at(-1)?.strings ?? {};
    tables.push({ since: era.since, checked: era.checked, strings: { ...before, ...era.changed } });
  }
  return tables;
}

export const GAME_STRING_TABLES: readonly GameStringTable[] = resolveEras(GAME_STRING_ERAS);

/**
 * Packs encoded mod requests into `mcpbridge ...` RCON commands. The server reads one TCP read of
 * at most 1460 bytes per packet, so a command may be at most 1446 bytes (ARCHITECTURE.md, RCON).
 * One request is sent as the bare object, several as a JSON array.
 */
export const MAX_RCON_COMMAND_BYTES = 1446;
export const MOD_COMMAND_PREFIX = "mcpbridge ";

/** Bytes of the command that carries `items` (ASCII JSON, so length = bytes). */
export function commandBytes(items: readonly string[]): number {
  if (items.length === 0) return 0;
  if (items.length === 1) return MOD_COMMAND_PREFIX.length + items[0]!.length;
  return MOD_COMMAND_PREFIX.length + 2 + items.reduce((sum, s) => sum + s.length, 0) + items.length - 1;
}

export function buildCommand(items: readonly string[]): string {
  return items.length === 1
    ? `${MOD_COMMAND_PREFIX}${items[0]}`
    : `${MOD_COMMAND_PREFIX}[${items.join(",")}]`;
}

/** True when a request alone fits into one command. */
export function fitsAlone(item: string, maxBytes = MAX_RCON_COMMAND_BYTES): boolean {
  return commandBytes([item]) <= maxBytes;
}

/**
 * Takes the longest prefix of `queue` (in order) that fits into one command of at most `maxBytes`
 * with at most `maxItems` requests. Items that do not fit alone must be refused before packing.
 * Returns the number of items taken (at least 1 when the first item fits alone).
 */
export function takeBatch(
  queue: readonly string[],
  maxItems: number,
  maxBytes = MAX_RCON_COMMAND_BYTES,
): number {
  let n = 0;
  // Array form costs 2 brackets + 1 comma per extra item.
  let arrayBytes = MOD_COMMAND_PREFIX.length + 2 - 1;
  while (n < queue.length && n < maxItems) {
    arrayBytes += queue[n]!.length + 1;
    const bytes = n === 0 ? commandBytes([queue[0]!]) : arrayBytes;
    if (bytes > maxBytes) break;
    n++;
  }
  return n;
}

/** Splits every item into consecutive batches; each fits and keeps the original order. */
export function packAll(
  items: readonly string[],
  maxItems: number,
  maxBytes = MAX_RCON_COMMAND_BYTES,
): string[][] {
  const batches: string[][] = [];
  let rest = items;
  while (rest.length > 0) {
    const n = takeBatch(rest, maxItems, maxBytes);
    if (n === 0) throw new RangeError(`item of ${rest[0]!.length} bytes does not fit into one command`);
    batches.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return batches;
}

/**
 * The one place for how the bridge talks to a server: the two modes, the `/mcpbridge` command of
 * the mod and its size arithmetic. Encoded mod requests are packed into `mcpbridge ...` RCON
 * commands: one request as the bare object, several as a JSON array. The server reads a packet
 * with one TCP read (docs/architecture.md, "RCON"), so a command is at most
 * MAX_REQUEST_PAYLOAD_BYTES of the RCON client.
 */
import { MAX_REQUEST_PAYLOAD_BYTES } from "@mcp-bridge/shared/rcon";

/** mod: the server answers `/mcpbridge` (typed JSON, batching); vanilla: vanilla commands, parsed. */
export type Mode = "mod" | "vanilla";

export const MAX_RCON_COMMAND_BYTES = MAX_REQUEST_PAYLOAD_BYTES;
export const MOD_COMMAND_PREFIX = "mcpbridge ";

/** Bytes of a command carrying `count` requests of `itemBytes` bytes in all (ASCII JSON: length = bytes). */
export function batchBytes(itemBytes: number, count: number): number {
  if (count === 0) return 0;
  if (count === 1) return MOD_COMMAND_PREFIX.length + itemBytes;
  // The array form: brackets, the items and a comma between each two.
  return MOD_COMMAND_PREFIX.length + 2 + itemBytes + count - 1;
}

/** Bytes of the command that carries `items`. */
export function commandBytes(items: readonly string[]): number {
  return batchBytes(
    items.reduce((sum, s) => sum + s.length, 0),
    items.length,
  );
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
  let itemBytes = 0;
  while (n < queue.length && n < maxItems) {
    itemBytes += queue[n]!.length;
    if (batchBytes(itemBytes, n + 1) > maxBytes) break;
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

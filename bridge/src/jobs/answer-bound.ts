/**
 * Bounds what the bridge stores in Redis per job (RESULT_MAX_BYTES). In: a server's answer to one
 * request (result data, or the error it failed with). Out: the same value when its JSON fits, else a
 * copy whose longest strings are cut, each ending with a marker that says how much was kept. The
 * answer of a command can be as long as the server likes (40 MB were seen); BullMQ keeps return
 * values, failure reasons and job logs in Redis for hours.
 */
import { BridgeError } from "@mcp-bridge/shared";

export const DEFAULT_RESULT_MAX_BYTES = 256 * 1024;

function cutMarker(kept: number, total: number, maxBytes: number): string {
  return ` ...[cut: kept ${kept} of ${total} chars; the answer was over the bridge's ${maxBytes}-byte limit (RESULT_MAX_BYTES)]`;
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");

interface Slot {
  original: string;
  /** JSON bytes of the original string. */
  bytes: number;
  set(v: string): void;
}

function strings(node: unknown, out: Slot[] = []): Slot[] {
  if (node === null || typeof node !== "object") return out;
  const target = node as Record<string | number, unknown>;
  for (const key of Object.keys(target)) {
    const v = target[key];
    if (typeof v === "string") {
      out.push({ original: v, bytes: jsonBytes(v), set: (s) => (target[key] = s) });
    } else {
      strings(v, out);
    }
  }
  return out;
}

function itemsMarker(kept: number, total: number, maxBytes: number): string {
  return `...[cut: kept ${kept} of ${total} items; the answer was over the bridge's ${maxBytes}-byte limit (RESULT_MAX_BYTES)]`;
}

/**
 * Shortens every array whose JSON takes more than a quarter of maxBytes to its first items within that
 * quarter (40,000 output lines would otherwise leave each line a few bytes); an array of strings gets
 * a last item saying how many were kept.
 */
function cutArrays(node: unknown, maxBytes: number): void {
  if (node === null || typeof node !== "object") return;
  const quarter = Math.floor(maxBytes / 4);
  if (Array.isArray(node) && jsonBytes(node) > quarter) {
    const total = node.length;
    const strings = node.every((v) => typeof v === "string");
    let used = 2 + (strings ? itemsMarker(total, total, maxBytes).length + 3 : 0);
    let keep = 0;
    while (keep < total && used + jsonBytes(node[keep]) + 1 <= quarter) used += jsonBytes(node[keep++]) + 1;
    node.length = keep;
    if (strings) node.push(itemsMarker(keep, total, maxBytes));
  }
  for (const v of Object.values(node)) cutArrays(v, maxBytes);
}

/** The largest per-string size c such that the strings, each cut to at most c, fit in budget. */
function waterLevel(sizes: number[], budget: number): number {
  const sorted = [...sizes].sort((a, b) => a - b);
  let left = budget;
  for (let i = 0; i < sorted.length; i++) {
    const share = Math.floor(left / (sorted.length - i));
    if (sorted[i]! > share) return share;
    left -= sorted[i]!;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * `value` itself when its JSON fits in maxBytes; otherwise a copy in which long arrays keep their first
 * items and every string longer than a common size is cut to it (so a message and its details both
 * keep their beginning), and `cut: true`.
 */
export function boundValue<T>(value: T, maxBytes: number): { value: T; cut: boolean } {
  const size = jsonBytes(value);
  if (size <= maxBytes) return { value, cut: false };
  const copy = structuredClone(value);
  cutArrays(copy, maxBytes);
  const shortened = jsonBytes(copy);
  if (shortened <= maxBytes) return { value: copy, cut: true };
  const slots = strings(copy);
  const fixed = shortened - slots.reduce((n, s) => n + s.bytes, 0);
  const marker = cutMarker(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, maxBytes).length;
  for (let shrink = 1; shrink > 0.01; shrink *= 0.8) {
    const cap = waterLevel(
      slots.map((s) => s.bytes),
      Math.floor((maxBytes - fixed) * shrink),
    );
    for (const slot of slots) {
      if (slot.bytes <= cap) {
        slot.set(slot.original);
        continue;
      }
      const s = slot.original;
      let keep = Math.max(0, Math.floor((s.length * (cap - marker - 2)) / slot.bytes));
      const code = s.charCodeAt(keep - 1);
      if (keep > 0 && code >= 0xd800 && code <= 0xdbff) keep--;
      slot.set(s.slice(0, keep) + cutMarker(keep, s.length, maxBytes));
    }
    if (jsonBytes(copy) <= maxBytes) return { value: copy, cut: true };
  }
  throw new BridgeError("SERVER_ERROR", `The answer (${size} bytes) could not be cut to ${maxBytes} bytes`);
}

/** A BridgeError whose message and details fit; other errors unchanged. */
export function boundError(error: unknown, maxBytes: number): unknown {
  if (!(error instanceof BridgeError)) return error;
  const payload = error.toPayload();
  const { value, cut } = boundValue(payload, maxBytes);
  if (!cut) return error;
  // No `cause`: the whole answer must not stay reachable from what is stored or logged.
  return new BridgeError(value.code, value.message, { details: value.details, retryable: error.retryable });
}

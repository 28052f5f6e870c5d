/**
 * ASCII-safe JSON: everything that crosses RCON is encoded with every non-ASCII UTF-16 unit
 * written as \uXXXX, so byte lengths equal character lengths and no piece boundary can split a
 * multi-byte character. Also escapes DEL and the line/paragraph separators.
 */
import { BridgeError } from "./errors.js";

const NON_ASCII = /[\u007f-\uffff]/g;
const HAS_NON_ASCII = /[\u007f-\uffff]/;

export function toAsciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new BridgeError("INVALID_ARGS", "Value cannot be encoded as JSON");
  // Most messages are plain ASCII: a test is cheaper than a replace that finds nothing.
  if (!HAS_NON_ASCII.test(json)) return json;
  return json.replace(NON_ASCII, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Parses JSON text; any failure becomes a SCHEMA_ERROR that quotes where parsing stopped. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const preview = text.length > 80 ? `${text.slice(0, 80)}...` : text;
    throw new BridgeError("SCHEMA_ERROR", `Message is not valid JSON: ${(error as Error).message}`, {
      details: { field: "(message)", reason: "invalid JSON", preview },
      cause: error,
    });
  }
}

export function isAscii(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range starts at NUL on purpose
  return !/[^\u0000-\u007e]/.test(text);
}

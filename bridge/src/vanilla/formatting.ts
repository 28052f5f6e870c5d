/**
 * Strips what servers wrap their text in before the bridge reads it.
 * In: raw answer text. Out: the text without Minecraft formatting codes (`§` + one character:
 * colours 0-9a-f, styles k-o, reset r, and the `§x§R§R§G§G§B§B` hex form, which is seven such
 * pairs) and without ANSI escape sequences (`ESC[0m`, `ESC[38;2;255;170;0m`, ... that Paper's and
 * some consoles' text carries).
 */
const SECTION_CODE = /\u00a7[\s\S]?/g;
// CSI sequences (ESC [ params final-byte) and lone two-byte escapes (ESC + one char).
const ANSI = new RegExp(`${String.fromCharCode(0x1b)}(?:\\[[0-?]*[ -/]*[@-~]|[@-Z\\\\-_])`, "g");

export function stripFormatting(text: string): string {
  return text.replace(ANSI, "").replace(SECTION_CODE, "");
}

/** The answer as a JSON string literal, cut at `max` characters: safe to quote in an error message. */
export function quoteAnswer(text: string, max = 300): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}

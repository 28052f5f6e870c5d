/**
 * One answer's size, bounded: a model that rambles (a 50 KB answer was seen: 394 chat lines in 3.6 s,
 * and the whole text re-sent in every later prompt) says at most `maxAnswerLines` chat lines and
 * leaves at most `maxHistoryChars` characters in the history. What is cut ends in CUT_MARK.
 * Lines are counted as the executor makes them (speechCommands), so the bound is exact.
 */
import type { NpcDefinition } from "../definitions/schema.js";
import { MAX_LINE_CHARS, sanitizeForMinecraft, speechCommands } from "../world/minecraft-commands.js";
import type { HistoryEntry } from "./history.js";

export const CUT_MARK = "...";

/**
 * The commands `text` makes, or Infinity when it cannot fit `within` lines: a line carries at most
 * MAX_LINE_CHARS characters (and a space dropped where it was split), and counting a 50 KB answer
 * exactly would hold the event loop for tens of milliseconds.
 */
function lines(npc: NpcDefinition, text: string, within = Number.POSITIVE_INFINITY): number {
  if (sanitizeForMinecraft(text).join(" ").length > within * (MAX_LINE_CHARS + 1))
    return Number.POSITIVE_INFINITY;
  return speechCommands(npc, text).length;
}

/** The say texts that say something, cut so that together they make at most `maxLines` tellraw commands. */
export function boundSpeech(npc: NpcDefinition, say: string[], maxLines: number): string[] {
  const kept: { text: string; lines: number }[] = [];
  let left = maxLines;
  for (const text of say) {
    const n = lines(npc, text, left);
    if (n === 0) continue; // says nothing (blank, control characters only)
    if (n <= left) {
      kept.push({ text, lines: n });
      left -= n;
      continue;
    }
    // Cut here: this text gets what is left, or, with nothing left, the previous one is cut instead.
    const last = left > 0 ? { text, lines: left } : kept.pop();
    if (last) kept.push({ text: cutToLines(npc, last.text, last.lines), lines: last.lines });
    break;
  }
  return kept.map((k) => k.text);
}

/** The longest start of `text` that, followed by CUT_MARK, is at most `maxLines` commands. */
function cutToLines(npc: NpcDefinition, text: string, maxLines: number): string {
  // The text as it will be said, and no longer than maxLines lines could ever carry.
  const plain = sanitizeForMinecraft(text)
    .join(" ")
    .slice(0, maxLines * MAX_LINE_CHARS);
  const withMark = (length: number) => `${plain.slice(0, length).trimEnd()} ${CUT_MARK}`.trimStart();
  let lo = 0; // fits: CUT_MARK alone is one line
  let hi = plain.length + 1; // does not fit, or past the end
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (lines(npc, withMark(mid)) <= maxLines) lo = mid;
    else hi = mid;
  }
  return withMark(lo);
}

/** The answer's history entries, their texts together at most `maxChars` long. */
export function boundHistory(entries: HistoryEntry[], maxChars: number): HistoryEntry[] {
  let left = maxChars;
  const kept: HistoryEntry[] = [];
  for (const entry of entries) {
    if (left <= CUT_MARK.length) break;
    const text = entry.text.length <= left ? entry.text : cutChars(entry.text, left);
    kept.push({ ...entry, text });
    left -= text.length;
  }
  return kept;
}

function cutChars(text: string, maxChars: number): string {
  let end = maxChars - CUT_MARK.length;
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? "")) end--; // keep a surrogate pair together
  return `${text.slice(0, end)}${CUT_MARK}`;
}

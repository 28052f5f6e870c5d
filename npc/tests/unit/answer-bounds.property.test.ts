import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundHistory, boundSpeech, CUT_MARK } from "../../src/conversation/answer-bounds.js";
import type { HistoryEntry } from "../../src/conversation/history.js";
import { speechCommands } from "../../src/world/minecraft-commands.js";
import { npcDefinition } from "../support/definitions.js";

const bob = npcDefinition();
const lineCount = (say: string[]) => say.reduce((n, text) => n + speechCommands(bob, text).length, 0);
/** Speech of every size and script: ASCII words, accented and astral characters, newlines. */
const speech = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc
    .tuple(fc.constantFrom("word ", "\u00e9t\u00e9 ", "\ud83d\ude00", "a\n"), fc.nat(900))
    .map(([w, n]) => w.repeat(n)),
);

describe("answer bounds", () => {
  // Feature: minecraft-mcp-bridge, Property: an answer never says more than maxAnswerLines chat lines
  it("says at most maxLines lines, and an answer that fits as it was", () => {
    fc.assert(
      fc.property(fc.array(speech, { maxLength: 6 }), fc.integer({ min: 1, max: 12 }), (say, maxLines) => {
        const bounded = boundSpeech(bob, say, maxLines);
        expect(lineCount(bounded)).toBeLessThanOrEqual(maxLines);
        const saying = say.filter((text) => lineCount([text]) > 0);
        if (lineCount(say) <= maxLines) expect(bounded).toEqual(saying);
        else expect(bounded.at(-1)?.endsWith(CUT_MARK)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("cuts the text that overflows, or the one before when the lines ran out exactly", () => {
    expect(lineCount(["x".repeat(100)])).toBe(1);
    const line = "x".repeat(100); // one chat line
    const [first, second] = boundSpeech(bob, [line, line, line], 2);
    expect(first).toBe(line);
    expect(second?.endsWith(CUT_MARK)).toBe(true);
    expect(lineCount([first ?? "", second ?? ""])).toBe(2);
    const [cut] = boundSpeech(bob, [`${line} ${line} ${line}`], 2);
    expect(cut?.endsWith(CUT_MARK)).toBe(true);
    expect(lineCount([cut ?? ""])).toBe(2);
  });

  it("keeps at most maxChars of an answer's history entries, cut with a mark", () => {
    const entries: HistoryEntry[] = [
      { kind: "said", text: "a".repeat(300), at: 1 },
      { kind: "said", text: "b".repeat(300), at: 1 },
      { kind: "system", text: "c".repeat(300), at: 1 },
    ];
    const kept = boundHistory(entries, 500);
    expect(kept.map((e) => e.text.length)).toEqual([300, 200]);
    expect(kept[1]?.text).toBe(`${"b".repeat(197)}${CUT_MARK}`);
    expect(boundHistory(entries, 2000)).toEqual(entries);
    expect(boundHistory([{ kind: "said", text: "\ud83d\ude00".repeat(10), at: 1 }], 8)[0]?.text).toBe(
      `\ud83d\ude00\ud83d\ude00${CUT_MARK}`,
    );
  });
});

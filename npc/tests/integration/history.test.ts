import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { ConversationHistory, type HistoryEntry, SUMMARY_MAX_CHARS } from "../../src/conversation/history.js";

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
afterAll(() => redis.disconnect());

const heard = (i: number): HistoryEntry => ({ kind: "heard", sender: "Steve", text: `line ${i}`, at: i });

describe("conversation history (real Redis)", () => {
  it("keeps at most 100 entries and marks answered messages done in the same write", async () => {
    const history = new ConversationHistory(redis, uniquePrefix("hist"));
    for (let i = 0; i < 120; i += 10)
      await history.append(
        "bob",
        Array.from({ length: 10 }, (_, j) => heard(i + j)),
        [`m${i}`],
      );
    const entries = await history.read("bob");
    expect(entries).toHaveLength(100);
    expect(entries[0]).toMatchObject({ text: "line 20" });
    expect(await history.isDone("bob", "m110")).toBe(true);
    expect(await history.isDone("bob", "nope")).toBe(false);
  });

  it("summarises the older part with the LLM and keeps the last 20 entries verbatim", async () => {
    const history = new ConversationHistory(redis, uniquePrefix("hist"));
    await history.append(
      "bob",
      Array.from({ length: 60 }, (_, i) => heard(i)),
    );
    const seen: string[][] = [];
    const summarize = async (lines: string[]) => {
      seen.push(lines);
      return "Steve chatted about lines.";
    };
    expect(await history.compact("bob", summarize)).toBe("llm");
    expect(seen[0]).toHaveLength(40);
    expect(seen[0]![0]).toBe("<Steve> line 0");
    const entries = await history.read("bob");
    expect(entries).toHaveLength(21);
    expect(entries[0]).toMatchObject({ kind: "summary", text: "Steve chatted about lines." });
    expect(entries[1]).toMatchObject({ text: "line 40" });
  });

  it("keeps the summary bounded when the LLM echoes what it is asked to summarise", async () => {
    const history = new ConversationHistory(redis, uniquePrefix("hist"));
    const echo = async (lines: string[]) => lines.join(" ");
    for (let round = 0; round < 10; round++) {
      await history.append(
        "bob",
        Array.from({ length: 40 }, (_, i) => heard(round * 40 + i)),
      );
      await history.compact("bob", echo);
    }
    const [summary] = await history.read("bob");
    expect(summary?.kind).toBe("summary");
    expect(summary!.text.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(summary!.text.endsWith("...")).toBe(true);
  });

  it("falls back to plain truncation when the LLM is down", async () => {
    const history = new ConversationHistory(redis, uniquePrefix("hist"));
    await history.append(
      "bob",
      Array.from({ length: 55 }, (_, i) => heard(i)),
    );
    expect(
      await history.compact("bob", async () => {
        throw new Error("LLM down");
      }),
    ).toBe("truncated");
    const [summary] = await history.read("bob");
    expect(summary?.kind).toBe("summary");
    expect(summary?.text.length).toBeLessThanOrEqual(603);
    expect(summary?.text).toContain("<Steve> line 34");
    expect(await history.compact("bob", async () => "x")).toBeUndefined(); // short enough now
  });
});

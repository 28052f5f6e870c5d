/**
 * Each process keeps a copy of the histories it reads and writes, valid while the history's
 * version in Redis is unchanged (docs/architecture.md, "NPC ownership"): a batch reads the history
 * from Redis only after another process changed it. Real Redis; two ConversationHistory objects on
 * the same prefix play two npc processes.
 */
import fc from "fast-check";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { ConversationHistory, type HistoryEntry } from "../../src/conversation/history.js";

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
afterAll(() => redis.disconnect());

const line = (text: string): HistoryEntry => ({ kind: "heard", sender: "Steve", text, at: 1 });
const batch = { key: "k", ids: ["m"] };
const settings = { maxEntries: 12, summarizeAbove: 8, keepVerbatim: 3 };

/** What Redis holds: the truth every copy must agree with. */
async function stored(history: ConversationHistory, npcId: string): Promise<HistoryEntry[]> {
  return (await redis.lrange(history.key(npcId), 0, -1)).map((r) => JSON.parse(r) as HistoryEntry);
}

/** Redis commands the connection sends while `fn` runs, with the keys under `prefix` (MONITOR). */
async function commandsDuring(prefix: string, fn: () => Promise<unknown>): Promise<string[]> {
  const monitor = new Redis(testRedisUrl(), { monitor: true });
  monitor.on("error", () => undefined);
  const seen: string[] = [];
  const m = await monitor.monitor();
  m.on("monitor", (_time: string, args: string[]) => {
    if (args.some((a) => a.startsWith(prefix))) seen.push(args[0]!.toLowerCase());
  });
  await fn();
  await new Promise((r) => setTimeout(r, 100));
  m.disconnect();
  monitor.disconnect();
  return seen;
}

describe("history copies (real Redis)", () => {
  it("reads the history from Redis only when another process changed it", async () => {
    const prefix = uniquePrefix("hcache");
    const a = new ConversationHistory(redis, prefix, settings);
    const b = new ConversationHistory(redis, prefix, settings);
    await a.append("bob", [line("one")]);
    expect((await a.beginBatch("bob", batch)).entries).toEqual([line("one")]); // first read: from Redis
    await a.append("bob", [line("two")]);
    const own = await commandsDuring(prefix, () => a.beginBatch("bob", batch));
    expect(own).not.toContain("lrange"); // its own append kept the copy current
    await b.append("bob", [line("three")]);
    let entries: HistoryEntry[] = [];
    const other = await commandsDuring(prefix, async () => {
      entries = (await a.beginBatch("bob", batch)).entries;
    });
    expect(other).toContain("lrange");
    expect(entries).toEqual([line("one"), line("two"), line("three")]);
  });

  it("a compaction that lost a race with an append to a full history replaces nothing", async () => {
    const prefix = uniquePrefix("hcache");
    const a = new ConversationHistory(redis, prefix, settings);
    const b = new ConversationHistory(redis, prefix, settings);
    await a.append(
      "bob",
      Array.from({ length: 12 }, (_, i) => line(`l${i}`)),
    );
    // While A's summariser runs, B appends to the full history: its length stays 12.
    const how = await a.compact("bob", async () => {
      await b.append("bob", [line("late")]);
      return "summary";
    });
    expect(how).toBeUndefined();
    expect((await stored(a, "bob")).map((e) => e.text)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `l${i + 1}`),
      "late",
    ]);
  });

  // Feature: minecraft-mcp-bridge, Property: a process's copy of a history always equals what Redis holds
  it("any interleaving of two processes' appends, compactions, clears and reads: every read equals Redis", async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("append" as const), who: fc.nat(1), n: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant("read" as const), who: fc.nat(1) }),
      fc.record({ kind: fc.constant("compact" as const), who: fc.nat(1), fails: fc.boolean() }),
      fc.record({ kind: fc.constant("clear" as const), who: fc.nat(1) }),
      fc.record({ kind: fc.constant("forget" as const), who: fc.nat(1) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const prefix = uniquePrefix("hcache");
        const procs = [
          new ConversationHistory(redis, prefix, settings),
          new ConversationHistory(redis, prefix, settings),
        ];
        let n = 0;
        for (const o of ops) {
          const h = procs[o.who]!;
          if (o.kind === "append")
            await h.append(
              "bob",
              Array.from({ length: o.n }, () => line(`e${n++}`)),
            );
          else if (o.kind === "compact")
            await h.compact("bob", async () => {
              if (o.fails) throw new Error("LLM down");
              return `summary ${n++}`;
            });
          else if (o.kind === "clear") await h.clear("bob");
          else if (o.kind === "forget") h.forget("bob");
          else {
            // What the responder relies on when it asks the LLM on the copy: a copy whose version
            // the batch record reads is what Redis holds.
            const copy = h.copy("bob");
            const begun = await h.beginBatch("bob", batch);
            const truth = await stored(h, "bob");
            expect(begun.entries).toEqual(truth);
            if (copy && copy.version === begun.version) expect(copy.entries).toEqual(truth);
          }
        }
        for (const h of procs)
          expect((await h.beginBatch("bob", batch)).entries).toEqual(await stored(h, "bob"));
      }),
      { numRuns: 100 },
    );
  });
});

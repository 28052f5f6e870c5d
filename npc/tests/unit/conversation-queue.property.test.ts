import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConversationQueue } from "../../src/conversation/conversation-queue.js";
import { type IncomingMessage, priorityOf } from "../../src/conversation/message.js";
import { Semaphore, TokenBuckets } from "../../src/conversation/token-bucket.js";

const RUNS = { numRuns: 200 };
const message = fc.record({
  kind: fc.constantFrom("chat", "proximity", "npc", "system" as const),
  sender: fc.constantFrom("Steve", "Alex", "Guard"),
  distance: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  at: fc.integer({ min: 0, max: 400 }),
});
const settings = { maxQueueSize: 50, batchDelayMs: 500, radius: 20 };

function build(specs: { kind: IncomingMessage["kind"]; sender: string; distance?: number; at: number }[]) {
  return specs
    .map((s, i) => ({
      id: `m${i}`,
      kind: s.kind,
      sender: s.sender,
      content: `line ${i}`,
      distance: s.distance,
      timestamp: s.at,
    }))
    .sort((a, b) => a.timestamp - b.timestamp);
}

describe("conversation queue", () => {
  // Feature: minecraft-mcp-bridge, Property: a batch comes out highest priority first (kind, closeness, waiting time)
  it("orders every batch by priority", () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 30 }), (specs) => {
        const q = new ConversationQueue(settings);
        const msgs = build(specs);
        for (const m of msgs) q.enqueue(m, m.timestamp);
        const now = q.dueAt()!;
        const batch = q.takeBatch(now);
        const priorities = batch.map((m) => priorityOf(m, settings.radius, now, m.timestamp));
        expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
      }),
      RUNS,
    );
  });

  // Feature: minecraft-mcp-bridge, Property: messages wait for the batching delay, then all come out once
  it("batches: nothing before the delay, everything exactly once after it", () => {
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 499 }),
        (specs, early) => {
          const q = new ConversationQueue(settings);
          const msgs = build(specs);
          for (const m of msgs) q.enqueue(m, m.timestamp);
          const first = msgs[0]!.timestamp;
          expect(q.dueAt()).toBe(first + 500);
          expect(q.takeBatch(first + Math.min(early, 499))).toEqual([]);
          const batch = q.takeBatch(first + 500);
          expect(batch.map((m) => m.id).sort()).toEqual(msgs.map((m) => m.id).sort());
          expect(q.size).toBe(0);
          expect(q.dueAt()).toBeUndefined();
        },
      ),
      RUNS,
    );
  });

  // Feature: minecraft-mcp-bridge, Property: a window counts from when its first message was stored while ingestion keeps up
  it("opens the window when the first message was stored, waiting between half and the whole delay", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
        fc.integer({ min: -2_000, max: 5_000 }),
        fc.integer({ min: 2, max: 2_000 }),
        fc.array(fc.integer({ min: 0, max: 3_000 }), { maxLength: 5 }),
        (stored, late, delay, laterGaps) => {
          const q = new ConversationQueue({ ...settings, batchDelayMs: delay });
          const arrived = stored + late;
          const first = {
            ...build([{ kind: "chat", sender: "Steve", at: stored }])[0]!,
            id: `ev/${stored}-0`,
          };
          const due = q.enqueue(first, arrived).dueAt;
          if (late >= 0 && late <= delay / 2) expect(due).toBe(stored + delay);
          if (late <= 0) expect(due).toBe(arrived + delay);
          expect(due).toBeGreaterThanOrEqual(arrived + delay / 2);
          expect(due).toBeLessThanOrEqual(arrived + delay);
          // Later messages of the window (whenever they were stored) do not move it.
          let at = arrived;
          for (const [i, gap] of laterGaps.entries()) {
            at += gap;
            const m = { ...first, id: `ev/${at - gap * 2}-${i + 1}`, timestamp: at };
            expect(q.enqueue(m, at).dueAt).toBe(due);
          }
          expect(q.takeBatch(due - 1)).toEqual([]);
          expect(q.takeBatch(due)).toHaveLength(1 + laterGaps.length);
        },
      ),
      RUNS,
    );
  });

  // Feature: minecraft-mcp-bridge, Property: the queue never holds more than its bound and drops the lowest priority
  it("stays within its bound, dropping and reporting the lowest priority", () => {
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 1, max: 50 }),
        (specs, max) => {
          const q = new ConversationQueue({ ...settings, maxQueueSize: max });
          const msgs = build(specs);
          const dropped: IncomingMessage[] = [];
          for (const m of msgs) {
            const result = q.enqueue(m, m.timestamp);
            if (result.dropped) dropped.push(result.dropped);
            expect(q.size).toBeLessThanOrEqual(max);
          }
          expect(dropped).toHaveLength(Math.max(0, msgs.length - max));
          const kept = q.takeBatch(Number.MAX_SAFE_INTEGER);
          expect(kept.length + dropped.length).toBe(msgs.length);
        },
      ),
      RUNS,
    );
  });

  it("weights player over NPC over system, closeness and waiting, with caps", () => {
    const base = { id: "x", sender: "S", content: "", timestamp: 0 };
    expect(priorityOf({ ...base, kind: "chat" }, 20, 0, 0)).toBe(10);
    expect(priorityOf({ ...base, kind: "npc" }, 20, 0, 0)).toBe(5);
    expect(priorityOf({ ...base, kind: "system" }, 20, 0, 0)).toBe(1);
    expect(priorityOf({ ...base, kind: "chat", distance: 3 }, 20, 0, 0)).toBe(20);
    expect(priorityOf({ ...base, kind: "chat", distance: 17 }, 20, 2500, 0)).toBe(15);
    expect(priorityOf({ ...base, kind: "chat" }, 20, 60_000, 0)).toBe(15);
  });
});

describe("guard rails", () => {
  it("token buckets refill over time", () => {
    const buckets = new TokenBuckets(2, 60);
    expect([buckets.take("Steve", 0), buckets.take("Steve", 0), buckets.take("Steve", 0)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(buckets.take("Alex", 0)).toBe(true);
    expect(buckets.take("Steve", 1000)).toBe(true);
  });

  it("the semaphore never runs more than its limit", async () => {
    const sem = new Semaphore(2);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        sem.run(async () => {
          peak = Math.max(peak, ++active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(sem.inUse).toBe(0);
  });

  it("a freed slot goes to a turn's next call before new turns' calls, each group in arrival order", async () => {
    const sem = new Semaphore(1);
    const order: string[] = [];
    let release!: () => void;
    const holding = sem.run(() => new Promise<void>((resolve) => (release = resolve)));
    const calls = [
      sem.run(async () => order.push("new 1")),
      sem.run(async () => order.push("new 2")),
      sem.run(async () => order.push("follow-up 1"), true),
      sem.run(async () => order.push("new 3")),
      sem.run(async () => order.push("follow-up 2"), true),
    ];
    release();
    await Promise.all([holding, ...calls]);
    expect(order).toEqual(["follow-up 1", "follow-up 2", "new 1", "new 2", "new 3"]);
    expect(sem.inUse).toBe(0);
  });
});

import { Redis } from "ioredis";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GroupEntry, GroupReader } from "../../src/events/index.js";
import { testRedisUrl, uniquePrefix } from "../../testing/redis.js";

const logger = pino({ level: "silent" });
const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
const readers: GroupReader[] = [];

function reader(
  stream: string,
  consumer: string,
  over: { claimIdleMs?: number; minIntervalMs?: number } = {},
) {
  const r = new GroupReader({
    connection: redis.duplicate(),
    redis,
    streams: [stream],
    group: "npc",
    consumer,
    startId: "0",
    blockMs: 100,
    logger,
    ...over,
  });
  readers.push(r);
  return r;
}

afterEach(async () => {
  await Promise.all(readers.splice(0).map((r) => r.close()));
});

const ids = (entries: GroupEntry[]) => entries.map((e) => e.fields[1]);

describe("GroupReader (real Redis)", () => {
  it("gives each entry to exactly one of several consumers", async () => {
    const stream = `${uniquePrefix("group")}:events`;
    const seen: GroupEntry[] = [];
    for (const name of ["a", "b", "c"]) {
      reader(stream, name).start(async (entry) => {
        seen.push(entry);
        await entry.ack();
      });
    }
    for (let i = 0; i < 60; i++) await redis.xadd(stream, "*", "n", String(i));
    await vi.waitFor(() => expect(seen).toHaveLength(60), { timeout: 10_000 });
    expect(new Set(ids(seen)).size).toBe(60);
    expect(seen.every((e) => !e.redelivered)).toBe(true);
    // Acknowledgements of one tick go out as one XACK per stream: all of them count.
    await vi.waitFor(async () => expect((await redis.xpending(stream, "npc"))[0]).toBe(0));
  });

  it("spaces new-entry reads by minIntervalMs: a trickle is read in a few reads, every entry once", async () => {
    const stream = `${uniquePrefix("group")}:events`;
    const r = reader(stream, "a", { minIntervalMs: 1000 });
    const connection = (r as unknown as { options: { connection: Redis } }).options.connection;
    const reads: unknown[] = [];
    const call = connection.call.bind(connection);
    connection.call = ((...args: Parameters<Redis["call"]>) =>
      call(...args).then((reply) => {
        if (reply) reads.push(reply);
        return reply;
      })) as Redis["call"];
    const seen: GroupEntry[] = [];
    r.start(async (entry) => {
      seen.push(entry);
      await entry.ack();
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the first (blocking) read waits
    for (let i = 0; i < 20; i++) {
      await redis.xadd(stream, "*", "n", String(i));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await vi.waitFor(() => expect(seen).toHaveLength(20), { timeout: 10_000 });
    expect(new Set(ids(seen)).size).toBe(20);
    // Without the spacing a blocked reader wakes for about every entry (20 reads).
    expect(reads.length).toBeLessThanOrEqual(3);
  });

  it("re-delivers what was not acknowledged after a restart, and nothing that was", async () => {
    const stream = `${uniquePrefix("group")}:events`;
    for (let i = 0; i < 10; i++) await redis.xadd(stream, "*", "n", String(i));
    const first: GroupEntry[] = [];
    const r1 = reader(stream, "npc-1");
    r1.start(async (entry) => {
      first.push(entry);
      if (Number(entry.fields[1]) % 2 === 0) await entry.ack();
    });
    await vi.waitFor(() => expect(first).toHaveLength(10), { timeout: 10_000 });
    await r1.close();
    const second: GroupEntry[] = [];
    reader(stream, "npc-1").start(async (entry) => {
      second.push(entry);
      await entry.ack();
    });
    await vi.waitFor(() => expect(ids(second)).toEqual(["1", "3", "5", "7", "9"]), { timeout: 10_000 });
    await redis.xadd(stream, "*", "n", "10");
    await vi.waitFor(() => expect(ids(second)).toEqual(["1", "3", "5", "7", "9", "10"]), { timeout: 10_000 });
    // The backlog may have been handled partly before the restart; the new entry is fresh.
    expect(second.map((e) => e.redelivered)).toEqual([true, true, true, true, true, false]);
  });

  it("handles an entry the consumer read itself (handOver) as one it read; a closed reader leaves it pending", async () => {
    const stream = `${uniquePrefix("group")}:events`;
    const seen: GroupEntry[] = [];
    const handler = async (entry: GroupEntry) => {
      seen.push(entry);
      await entry.ack();
    };
    const r1 = reader(stream, "npc-1");
    r1.start(handler);
    await redis.xadd(stream, "*", "n", "read"); // read by r1 itself: its backlog read is over
    await vi.waitFor(() => expect(ids(seen)).toEqual(["read"]));
    /** What the routing script does, atomically: XADD, then XREADGROUP as this consumer. */
    const takeOne = async (n: string) =>
      (await redis.eval(
        `redis.call('XADD', KEYS[1], '*', 'n', ARGV[1])
         return redis.call('XREADGROUP', 'GROUP', 'npc', 'npc-1', 'COUNT', 1, 'STREAMS', KEYS[1], '>')[1][2][1]`,
        1,
        stream,
        n,
      )) as [string, string[]];
    const [id, fields] = await takeOne("handed");
    await r1.handOver(stream, id, fields);
    expect(seen.map((e) => [e.fields[1], e.redelivered])).toEqual([
      ["read", false],
      ["handed", false],
    ]);
    expect(seen[1]!.id).toBe(id);
    await vi.waitFor(async () => expect((await redis.xpending(stream, "npc"))[0]).toBe(0));
    // Handed to a reader that is closed: it stays pending, and the next reader's backlog delivers it.
    await r1.close();
    const [lateId, lateFields] = await takeOne("late");
    await r1.handOver(stream, lateId, lateFields);
    expect(seen).toHaveLength(2);
    reader(stream, "npc-1").start(handler);
    await vi.waitFor(() => expect(ids(seen)).toEqual(["read", "handed", "late"]), { timeout: 10_000 });
    expect(seen[2]!.redelivered).toBe(true);
  });

  it("claims entries a crashed consumer left pending", async () => {
    const stream = `${uniquePrefix("group")}:events`;
    await redis.xadd(stream, "*", "n", "0");
    const crashed = reader(stream, "crashed");
    const taken: GroupEntry[] = [];
    crashed.start((entry) => void taken.push(entry));
    await vi.waitFor(() => expect(taken).toHaveLength(1), { timeout: 10_000 });
    await crashed.close();
    const rescued: GroupEntry[] = [];
    reader(stream, "survivor", { claimIdleMs: 200 }).start(async (entry) => {
      rescued.push(entry);
      await entry.ack();
    });
    await vi.waitFor(() => expect(ids(rescued)).toEqual(["0"]), { timeout: 10_000 });
    expect(rescued[0]?.redelivered).toBe(true);
    expect(await redis.xpending(stream, "npc")).toEqual([0, null, null, null]);
  });
});

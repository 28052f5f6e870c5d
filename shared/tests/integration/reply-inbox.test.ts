/**
 * The reply inbox takes every waiting reply per wake-up (one BLMPOP; before Redis 7, BRPOP for the
 * first, then the rest in one transaction): each reply arrives once, oldest first, whether it waited
 * or came while listening. Real Redis.
 */
import { redisKeys } from "@mcp-bridge/shared";
import { ReplyInbox, type ReplyMessage } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../testing/redis.js";

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
const inboxes: ReplyInbox[] = [];
afterEach(async () => {
  await Promise.all(inboxes.splice(0).map((i) => i.close()));
});

const reply = (n: number) => JSON.stringify({ jobId: `job-${n}`, ok: true, returnvalue: n });

/** A Redis before 7.0 as the inbox sees it: its connections answer BLMPOP with "unknown command". */
function withoutBlmpop(base: Redis): Redis {
  const wrapper = Object.create(base) as Redis;
  wrapper.duplicate = (...args: Parameters<Redis["duplicate"]>) => {
    const connection = base.duplicate(...args);
    connection.blmpop = (() =>
      Promise.reject(new Error("ERR unknown command 'blmpop', with args beginning with: "))) as never;
    return connection;
  };
  return wrapper;
}

describe.each([
  ["Redis 7 (BLMPOP)", redis],
  ["before Redis 7 (BRPOP, then LRANGE + DEL)", withoutBlmpop(redis)],
])("ReplyInbox, %s (real Redis)", (_name, connection) => {
  it("delivers a backlog and later replies once each, oldest first", async () => {
    const prefix = uniquePrefix("inbox");
    const seen: ReplyMessage[] = [];
    const inbox = new ReplyInbox(connection, prefix, (r) => seen.push(r));
    inboxes.push(inbox);
    const key = redisKeys(prefix).reply(inbox.id);
    // Waiting before the inbox listens (LPUSH, as the bridge does).
    for (let n = 0; n < 250; n++) await redis.lpush(key, reply(n));
    inbox.start();
    await vi.waitFor(() => expect(seen).toHaveLength(250), { timeout: 10_000 });
    // While it listens: single replies and a burst in one round trip, plus something not a reply.
    await redis.lpush(key, reply(250));
    await redis.lpush(key, ...Array.from({ length: 49 }, (_, i) => reply(251 + i)), "not json");
    await vi.waitFor(() => expect(seen).toHaveLength(300), { timeout: 10_000 });
    expect(seen.map((r) => r.jobId)).toEqual(Array.from({ length: 300 }, (_, n) => `job-${n}`));
    expect(await redis.exists(key)).toBe(0);
  });
});

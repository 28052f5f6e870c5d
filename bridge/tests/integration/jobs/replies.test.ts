/**
 * Replies to the producer's own list (issue 18): the bridge pushes each finished job's outcome to the
 * reply list its signed data names, after BullMQ recorded it (get_job and Bull Board still see the
 * job), only for a final outcome (not for an attempt BullMQ retries), and never for a job whose
 * signature does not check out (a redirected replyTo). Real Redis, BullMQ and bridge; the game is
 * the mod peer (bridge/testing/mod-peer.ts).
 */
import { randomUUID } from "node:crypto";
import { jobOptions, makeRequest, redisKeys, signJob } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Bridge, createBridge } from "../../../src/bridge.js";
import { REPLY_TTL_MS } from "../../../src/jobs/job-replies.js";
import { PUSH_REPLY } from "../../../src/lua/index.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { JOB_SECRET, testConfig } from "../../../testing/test-config.js";
import { Producer } from "./producer.js";

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
}

describe("job replies", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(peer: ModPeer) {
    const config = testConfig(await peer.server.listen());
    const bridge: Bridge = createBridge(config, { http: false });
    const producer = new Producer(config);
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
    await producer.ready();
    await bridge.start();
    cleanups.push(() => peer.server.close().catch(() => undefined));
    cleanups.push(() => producer.close());
    cleanups.push(() => bridge.stop());
    cleanups.push(async () => void redis.disconnect());
    const key = (id: string) => redisKeys(config.redisPrefix).reply(id);
    /** The next reply on list `id` (waits up to 20 s). */
    const next = async (id: string) => {
      const popped = await redis.brpop(key(id), 20);
      return popped ? (JSON.parse(popped[1]) as Record<string, unknown>) : undefined;
    };
    return { producer, redis, key, next };
  }

  it("pushes a completed job's return value to its reply list after BullMQ recorded it", async () => {
    const { producer, redis, key, next } = await setup(new ModPeer());
    const replyTo = randomUUID();
    const job = await producer.add("get_online_players", {}, undefined, true, replyTo);
    const reply = await next(replyTo);
    expect(reply).toEqual({
      jobId: job.id,
      ok: true,
      returnvalue: { success: true, data: { players: ["Steve"], online: 1, max: 20 } },
    });
    expect(await producer.queue.getJobState(job.id!)).toBe("completed");
    // A reply nobody reads expires with its list.
    const unread = await producer.add("get_online_players", {}, undefined, true, replyTo);
    await producer.finished(unread);
    await until(async () => (await redis.llen(key(replyTo))) === 1);
    const ttl = await redis.pttl(key(replyTo));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(REPLY_TTL_MS);
    expect(await next(replyTo)).toMatchObject({ jobId: unread.id, ok: true });
  });

  it("replies once to a job whose first attempt is retried, and ok:false to a job that failed for good", async () => {
    let drops = 0;
    const peer = new ModPeer({
      dropAfterRun: (request) => request.payload.query === "get_online_players" && drops++ === 0,
    });
    const { producer, redis, key, next } = await setup(peer);
    const replyTo = randomUUID();
    const retried = await producer.add("get_online_players", {}, undefined, true, replyTo);
    expect(await next(replyTo)).toMatchObject({ jobId: retried.id, ok: true });
    // Two attempts (the first lost its answer and was retried), one reply.
    expect((await producer.queue.getJob(retried.id!))?.attemptsMade).toBe(2);
    expect(drops).toBe(1);
    const failing = await producer.add(
      "get_world_info",
      { x: 0, y: 64, z: 0, radius: 1 },
      undefined,
      true,
      replyTo,
    );
    const failed = await next(replyTo);
    expect(failed).toMatchObject({ jobId: failing.id, ok: false });
    expect(String(failed?.failedReason)).toMatch(/^UNSUPPORTED: /);
    expect(await redis.llen(key(replyTo))).toBe(0);
  });

  it("sends the reply behind the job's moveToFinished, not after its completed event", async () => {
    const { producer, key, next } = await setup(new ModPeer());
    const replyTo = randomUUID();
    const scripts: { sha: string; keys: unknown[]; corked: number }[] = [];
    const evalsha = Redis.prototype.evalsha;
    const spy = vi.spyOn(Redis.prototype, "evalsha").mockImplementation(function (
      this: Redis,
      ...a: unknown[]
    ) {
      const stream = (this as unknown as { stream?: { writableCorked: number } }).stream;
      scripts.push({
        sha: String(a[0]),
        keys: a.slice(2, 2 + Number(a[1])),
        corked: stream?.writableCorked ?? 0,
      });
      return (evalsha as (...x: unknown[]) => unknown).apply(this, a) as never;
    });
    try {
      for (let i = 0; i < 3; i++) {
        const job = await producer.add("get_online_players", {}, undefined, true, replyTo);
        expect(await next(replyTo)).toMatchObject({
          jobId: job.id,
          ok: true,
          returnvalue: { success: true },
        });
      }
    } finally {
      spy.mockRestore();
    }
    const replies = scripts.filter((s) => s.sha === PUSH_REPLY.sha && s.keys[0] === key(replyTo));
    // Every reply went with its moveToFinished (with the job's hash to check, the socket corked
    // around both), none on the event path (the reply list and the waiters only).
    expect(replies).toHaveLength(3);
    expect(replies.every((s) => s.keys.length === 3 && s.corked > 0)).toBe(true);
  });

  it("sends nothing for a job whose signed replyTo was changed (refused as forged)", async () => {
    const { producer, redis, key } = await setup(new ModPeer());
    const signedFor = randomUUID();
    const redirected = randomUUID();
    // A signed job whose replyTo someone with write access to the queue changed.
    const envelope = makeRequest("get_online_players", {});
    const client = { id: "alice", role: "admin" };
    const signed = signJob({ serverId: "s1", envelope, client, replyTo: signedFor }, JOB_SECRET);
    const job = await producer.queue.add(
      "get_online_players",
      { ...signed, replyTo: redirected },
      jobOptions(envelope.id),
    );
    await expect(producer.finished(job)).rejects.toThrow(/^AUTH_FAILED: /);
    expect(await redis.exists(key(redirected), key(signedFor))).toBe(0);
  });
});

// Property (issue 25, item 8): whatever seqs an emitter sends, in whatever order, with whatever
// resumeSeq its hellos declare, the bridge's cumulative ack never covers an event it did not store,
// and no seq is stored twice. Real WebSocket client, real ingest, real Redis.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropKeys } from "../../../../shared/testing/redis.js";
import { type Bridge, eventEnvelope, SERVERS, startBridge } from "../../../testing/event-ingest.js";
import { ModClient, newRedis, streamSeqs } from "./harness.js";

const { redis, prefix } = newRedis();
const TOKEN = SERVERS[0]!.eventsToken;
let bridge: Bridge;

beforeAll(async () => {
  bridge = await startBridge(redis, prefix);
});
afterAll(async () => {
  await bridge.close();
  await dropKeys(redis, prefix);
  await redis.quit();
});

/** How the next seq relates to the previous one: mostly in order, sometimes back, a jump, or absurd. */
const step = fc.oneof(
  { weight: 6, arbitrary: fc.constant(1) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 0 }) },
  { weight: 2, arbitrary: fc.integer({ min: 2, max: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(1_000_000, Number.MAX_SAFE_INTEGER) },
);

const sessionPlan = fc.record({
  resumeSeq: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  steps: fc.array(step, { minLength: 1, maxLength: 25 }),
});

/** One connection: hello, every frame, then wait until the last frame is answered or the socket closed. */
async function runSession(epoch: string, plan: { resumeSeq?: number; steps: number[] }, start: number) {
  const mod = await ModClient.connect(bridge.wsUrl, TOKEN);
  const extra = plan.resumeSeq === undefined ? {} : { resumeSeq: plan.resumeSeq };
  const hello = await mod.hello("survival", epoch, ["1.0.0"], extra);
  let seq = Math.max(start, hello.payload.data?.lastSeq ?? 0);
  const ids: string[] = [];
  for (const [i, delta] of plan.steps.entries()) {
    seq = Math.min(
      Number.MAX_SAFE_INTEGER,
      Math.max(1, delta === Number.MAX_SAFE_INTEGER ? delta : seq + delta),
    );
    const id = `f${i}`;
    ids.push(id);
    mod.ws.send(JSON.stringify(eventEnvelope(seq, Date.now(), id)));
  }
  const lastId = ids.at(-1);
  await mod.waitFor(() => mod.replies.some((r) => r.id === lastId));
  if (mod.ws.readyState === mod.ws.OPEN) mod.ws.close();
  await mod.closed;
  return { ackSeq: mod.ackSeq, lastSeqSeen: seq };
}

describe("event seq acknowledgement (property)", () => {
  it("an ack never covers an unstored event at or above the declared resumeSeq; no seq is stored twice", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(sessionPlan, { minLength: 1, maxLength: 3 }), async (plans) => {
        await dropKeys(redis, prefix);
        const epoch = `p${run++}`;
        let resume = 0;
        let ackSeq = 0;
        let start = 0;
        for (const plan of plans) {
          resume = Math.max(resume, plan.resumeSeq ?? 0);
          const result = await runSession(epoch, plan, start);
          ackSeq = Math.max(ackSeq, result.ackSeq);
          start = result.lastSeqSeen;

          const stored = await streamSeqs(redis, prefix);
          expect(new Set(stored).size).toBe(stored.length);
          // Every seq in [max(resume, 1), ackSeq] must be in the stream: the ack claims it stored.
          const from = Math.max(resume, 1);
          const claimed = stored.filter((s) => s >= from && s <= ackSeq);
          expect(claimed.length).toBe(Math.max(0, ackSeq - from + 1));
        }
      }),
      { numRuns: 120 },
    );
  }, 120_000);
});

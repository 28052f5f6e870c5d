import { describe, expect, it } from "vitest";
import { helloFrame } from "../../../testing/event-ingest.js";
import { eventFrame, makeSession, settle } from "./fixtures.js";

async function openSession() {
  const ctx = makeSession();
  ctx.session.handleFrame(helloFrame());
  await settle();
  return ctx;
}

describe("event session: hello", () => {
  it("answers the hello with the negotiated version and lastSeq 0 for a new epoch", async () => {
    const { sent, closes, session } = await openSession();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "response",
      id: "hello-1",
      payload: { data: { version: "1.0.0", lastSeq: 0 } },
    });
    expect(closes).toEqual([]);
    expect(session.isOpen).toBe(true);
  });

  it("refuses a token that is not the named server's with AUTH_FAILED and close 4401", async () => {
    const { session, sent, closes } = makeSession("someone-elses-token");
    session.handleFrame(helloFrame());
    await settle();
    expect(sent[0]).toMatchObject({ type: "error", payload: { code: "AUTH_FAILED" } });
    expect(closes).toEqual([{ code: 4401, reason: "AUTH_FAILED" }]);
  });

  it("refuses an unknown server id the same way", async () => {
    const { session, sent, closes } = makeSession();
    session.handleFrame(helloFrame({ serverId: "creative" }));
    await settle();
    expect(sent[0]?.payload.code).toBe("AUTH_FAILED");
    expect(closes[0]?.code).toBe(4401);
  });

  it("closes with 1002 after SCHEMA_ERROR when no protocol MAJOR is shared", async () => {
    const { session, sent, closes } = makeSession();
    session.handleFrame(helloFrame({ protocolVersions: ["2.0.0", "3.1.0"] }));
    await settle();
    expect(sent[0]).toMatchObject({
      type: "error",
      payload: { code: "SCHEMA_ERROR", details: { field: "payload.args.protocolVersions" } },
    });
    expect(closes[0]?.code).toBe(1002);
  });

  it("answers an event sent before the hello with SCHEMA_ERROR and still accepts a hello after it", async () => {
    const { session, sent, closes } = makeSession();
    session.handleFrame(eventFrame(1));
    session.handleFrame(helloFrame());
    await settle();
    expect(sent[0]).toMatchObject({ type: "error", id: "ev-1", payload: { code: "SCHEMA_ERROR" } });
    expect(sent[1]).toMatchObject({ type: "response", payload: { data: { lastSeq: 0 } } });
    expect(closes).toEqual([]);
  });

  it("keeps events sent right behind the hello and stores them after it is answered", async () => {
    const { session, sent, store } = makeSession();
    session.handleFrame(helloFrame());
    session.handleFrame(eventFrame(1));
    session.handleFrame(eventFrame(2));
    await settle();
    expect(sent.map((m) => m.payload.data)).toEqual([{ version: "1.0.0", lastSeq: 0 }, { ackSeq: 2 }]);
    expect(store.streams.get("survival")?.map((e) => e.seq)).toEqual([1, 2]);
  });
});

describe("event session: storing and acknowledging", () => {
  it("acks cumulatively once per batch, after the events are stored", async () => {
    const { session, sent, store } = await openSession();
    for (let seq = 1; seq <= 5; seq++) session.handleFrame(eventFrame(seq));
    expect(sent).toHaveLength(1); // nothing acked before the store ran
    await settle();
    expect(sent.slice(1)).toEqual([
      expect.objectContaining({ id: "ev-5", payload: expect.objectContaining({ data: { ackSeq: 5 } }) }),
    ]);
    expect(store.streams.get("survival")).toHaveLength(5);
  });

  it("acks duplicates without storing them again and counts them", async () => {
    const { session, sent, store, metrics } = await openSession();
    for (const seq of [1, 2, 3, 2, 3]) session.handleFrame(eventFrame(seq));
    await settle();
    session.handleFrame(eventFrame(1));
    await settle();
    expect(store.streams.get("survival")?.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(sent.at(-1)?.payload.data).toEqual({ ackSeq: 3 });
    expect((await metrics.eventsDuplicate.get()).values[0]?.value).toBe(3);
  });

  it("stores past a gap the hello declared (resumeSeq) and counts the missing seqs as dropped", async () => {
    const { session, store, metrics } = makeSession();
    session.handleFrame(helloFrame({ resumeSeq: 6 }));
    for (const seq of [6, 7]) session.handleFrame(eventFrame(seq));
    await settle();
    expect(store.streams.get("survival")?.map((e) => e.seq)).toEqual([6, 7]);
    expect((await metrics.eventsDropped.get()).values[0]?.value).toBe(5);
  });

  it("refuses an undeclared gap: acks what came before, answers the frame, closes 4422, acks nothing after", async () => {
    const { session, sent, closes, store, metrics } = await openSession();
    for (const seq of [1, 2, 9, 3]) session.handleFrame(eventFrame(seq));
    await settle();
    expect(store.streams.get("survival")?.map((e) => e.seq)).toEqual([1, 2]);
    expect(sent.slice(1)).toEqual([
      expect.objectContaining({ id: "ev-2", payload: expect.objectContaining({ data: { ackSeq: 2 } }) }),
      expect.objectContaining({
        type: "error",
        id: "ev-9",
        payload: expect.objectContaining({
          code: "SCHEMA_ERROR",
          details: expect.objectContaining({ reason: "undeclared_gap" }),
        }),
      }),
    ]);
    expect(closes).toEqual([{ code: 4422, reason: "seq refused; say hello again" }]);
    expect((await metrics.eventsRefused.get()).values[0]).toMatchObject({
      labels: { serverId: "survival", reason: "undeclared_gap" },
      value: 1,
    });
  });

  it("stores the ASCII JSON of the validated envelope with type and player", async () => {
    const { session, store } = await openSession();
    session.handleFrame(eventFrame(1, "café ☃"));
    await settle();
    const entry = store.streams.get("survival")?.[0];
    expect(entry).toMatchObject({ seq: 1, type: "player_chat", player: "Steve" });
    expect(entry?.json).toContain("caf\\u00e9 \\u2603");
    expect(JSON.parse(entry!.json).payload.data.message).toBe("café ☃");
  });

  it("rejects binary frames with SCHEMA_ERROR and stays open", async () => {
    const { session, sent, closes } = await openSession();
    session.handleFrame(Buffer.from(eventFrame(1)), true);
    expect(sent.at(-1)?.payload.code).toBe("SCHEMA_ERROR");
    expect(closes).toEqual([]);
  });
});

import { redisKeys } from "@mcp-bridge/shared";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type Bridge, SERVERS } from "../../../testing/event-ingest.js";
import { ingestPerTest, ModClient, range, streamSeqs } from "./harness.js";

const ingest = ingestPerTest();
const { redis } = ingest;
const TOKEN = SERVERS[0]!.eventsToken;
let prefix: string;
let bridge: Bridge;

beforeEach(async () => {
  ({ bridge, prefix } = await ingest.start({ heartbeatMs: 200 }));
});

describe("event ingest over a real WebSocket and Redis", () => {
  it("negotiates the version and reports lastSeq 0 for a new epoch", async () => {
    const mod = await ModClient.connect(bridge.wsUrl, TOKEN);
    const reply = await mod.hello("survival", "e1", ["1.0.0", "0.9.0"]);
    expect(reply).toMatchObject({ type: "response", payload: { data: { version: "1.0.0", lastSeq: 0 } } });
    expect(bridge.ingest.status("survival")).toMatchObject({ connected: true, lastSeq: 0 });
    mod.ws.close();
  });

  it("refuses the upgrade with 401 when the token is missing or unknown", async () => {
    await expect(ModClient.connect(bridge.wsUrl, undefined)).rejects.toThrow("HTTP 401");
    await expect(ModClient.connect(bridge.wsUrl, "wrong")).rejects.toThrow("HTTP 401");
  });

  it("answers AUTH_FAILED and closes 4401 when the token belongs to another server", async () => {
    const mod = await ModClient.connect(bridge.wsUrl, SERVERS[1]!.eventsToken);
    const reply = await mod.hello("survival");
    expect(reply.payload.code).toBe("AUTH_FAILED");
    expect((await mod.closed).code).toBe(4401);
  });

  it("closes after SCHEMA_ERROR when no protocol MAJOR is shared", async () => {
    const mod = await ModClient.connect(bridge.wsUrl, TOKEN);
    const reply = await mod.hello("survival", "e1", ["2.0.0"]);
    expect(reply.payload.code).toBe("SCHEMA_ERROR");
    expect((await mod.closed).code).toBe(1002);
  });

  it("stores each seq exactly once, in order, across a dropped connection and replayed duplicates", async () => {
    const first = await ModClient.connect(bridge.wsUrl, TOKEN);
    await first.hello("survival", "e1");
    await first.sendAndWaitAck(range(1, 50));
    first.send(range(51, 120));
    first.ws.terminate(); // mid-stream: some of 51..120 may be stored, none acknowledged to us
    await first.closed;

    const second = await ModClient.connect(bridge.wsUrl, TOKEN);
    const hello = await second.hello("survival", "e1");
    const lastSeq = hello.payload.data!.lastSeq!;
    expect(lastSeq).toBeGreaterThanOrEqual(50);
    // Replay from what the mod last saw acknowledged (50), so some events arrive twice.
    await second.sendAndWaitAck(range(41, 200));
    expect(second.ackSeq).toBe(200);
    expect(await streamSeqs(redis, prefix)).toEqual(range(1, 200));
    const duplicates = (await bridge.metrics.eventsDuplicate.get()).values[0]?.value ?? 0;
    expect(duplicates).toBeGreaterThanOrEqual(lastSeq - 40); // more if a batch of the dead socket landed late
    second.ws.close();
  });

  it("writes the EventStreamEntry fields and measures the forwarding lag", async () => {
    const mod = await ModClient.connect(bridge.wsUrl, TOKEN);
    await mod.hello();
    await mod.sendAndWaitAck([1]);
    const [[, fields]] = (await redis.xrange(redisKeys(prefix).eventStream("survival"), "-", "+")) as [
      [string, string[]],
    ];
    const entry = Object.fromEntries(
      range(0, fields.length / 2 - 1).map((i) => [fields[2 * i], fields[2 * i + 1]]),
    );
    expect(Object.keys(entry).sort()).toEqual([
      "event",
      "ingestedAt",
      "origin",
      "player",
      "serverId",
      "type",
    ]);
    expect(entry).toMatchObject({
      type: "player_chat",
      player: "Steve",
      serverId: "survival",
      origin: "mod",
    });
    expect(JSON.parse(entry.event!).payload.seq).toBe(1);
    const lag = await bridge.metrics.eventLag.get();
    expect(lag.values.find((v) => v.metricName?.endsWith("_count"))?.value).toBe(1);
    mod.ws.close();
  });

  it("remembers lastSeq across a restart of the ingest (same Redis)", async () => {
    const mod = await ModClient.connect(bridge.wsUrl, TOKEN);
    await mod.hello("survival", "e1");
    await mod.sendAndWaitAck(range(1, 30));
    await bridge.close();

    bridge = await ingest.reopen({ heartbeatMs: 200 });
    const again = await ModClient.connect(bridge.wsUrl, TOKEN);
    expect((await again.hello("survival", "e1")).payload.data?.lastSeq).toBe(30);
    await again.sendAndWaitAck(range(25, 40));
    expect(await streamSeqs(redis, prefix)).toEqual(range(1, 40));
    // A new epoch (the mod restarted) starts again at 0 and appends after the old events.
    const fresh = await ModClient.connect(bridge.wsUrl, TOKEN);
    expect((await fresh.hello("survival", "e2")).payload.data?.lastSeq).toBe(0);
    await fresh.sendAndWaitAck([1, 2]);
    expect(await streamSeqs(redis, prefix)).toEqual([...range(1, 40), 1, 2]);
    fresh.ws.close();
  });

  it("a newer connection of the same server replaces the older one", async () => {
    const old = await ModClient.connect(bridge.wsUrl, TOKEN);
    await old.hello();
    const next = await ModClient.connect(bridge.wsUrl, TOKEN);
    await next.hello();
    expect((await old.closed).code).toBe(4409);
    await next.sendAndWaitAck([1]);
    expect(bridge.ingest.status("survival")).toMatchObject({ connected: true, lastSeq: 1 });
    next.ws.close();
  });
});

describe("event ingest resilience", () => {
  it("closes only the connection that sent an oversized frame (1009) and keeps serving", async () => {
    await bridge.close();
    bridge = await ingest.reopen({ maxFrameBytes: 4096 });
    const bystander = await ModClient.connect(bridge.wsUrl, SERVERS[1]!.eventsToken);
    await bystander.hello("creative");
    const big = await ModClient.connect(bridge.wsUrl, TOKEN);
    await big.hello("survival");
    big.ws.send("x".repeat(5000));
    expect((await big.closed).code).toBe(1009);

    await bystander.sendAndWaitAck([1, 2]);
    const again = await ModClient.connect(bridge.wsUrl, TOKEN);
    await again.hello("survival");
    await again.sendAndWaitAck([1]);
    expect(await streamSeqs(redis, prefix)).toEqual([1]);
    bystander.ws.close();
    again.ws.close();
  });

  it("answers malformed frames with SCHEMA_ERROR over the wire and keeps the connection", async () => {
    const mod = await ModClient.connect(bridge.wsUrl, TOKEN);
    await mod.hello();
    for (const frame of ["{", "[]", "null", '{"version":"1.0.0","type":"event"}', "\u00ff\u0000"])
      mod.ws.send(frame);
    await mod.waitFor(() => mod.replies.filter((r) => r.type === "error").length === 5);
    expect(mod.replies.filter((r) => r.payload.code === "SCHEMA_ERROR")).toHaveLength(5);
    await mod.sendAndWaitAck([1]);
    mod.ws.close();
  });

  it("terminates a peer that stops answering heartbeat pings", async () => {
    const silent = await ModClient.connect(bridge.wsUrl, TOKEN, { autoPong: false });
    await silent.hello();
    const started = Date.now();
    const { code } = await silent.closed;
    expect(code).toBe(1006); // terminated, no closing handshake
    expect(Date.now() - started).toBeLessThan(2000);
    await vi.waitFor(() => expect(bridge.ingest.status("survival").connected).toBe(false), { timeout: 1000 });
  });

  it("keeps a peer that answers pings", async () => {
    const mod = await ModClient.connect(bridge.wsUrl, TOKEN);
    await mod.hello();
    await new Promise((r) => setTimeout(r, 700));
    expect(mod.ws.readyState).toBe(mod.ws.OPEN);
    mod.ws.close();
  });
});

/**
 * The fan-out half of ingestion against real Redis (docs/architecture.md, "NPC ownership"): a chat
 * line goes to the inbox of each NPC within range of the player, an NPC's line to the NPCs around
 * the speaker and never to the speaker; the source entry is acknowledged in the same script. An
 * entry held by two processes at once (claimed while its first holder still runs) is routed once.
 * Player positions come from a stand-in for the bridge's answers (the tracker's job runner).
 * Each case runs on one Redis and on a Redis Cluster (three local primaries), where the events
 * stream and the inboxes are in different slots (a routed-once marker replaces the in-script XACK).
 */
import { connectRedis, createLogger, type RedisConnection, redisKeys } from "@mcp-bridge/shared";
import type { GroupEntry } from "@mcp-bridge/shared/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { startCluster } from "../../../shared/testing/redis-ha.js";
import { redisServerAvailable } from "../../../shared/testing/redis-server.js";
import { FanOut, lineEntryFields, linesStream, type TakenEntry } from "../../src/ingest/fan-out.js";
import { parseInbox } from "../../src/ingest/inbox-entry.js";
import { createMetrics } from "../../src/ops/metrics.js";
import { PlayerTracker } from "../../src/world/player-tracker.js";
import { npcDefinition } from "../support/definitions.js";

let redis: RedisConnection;
const targets = [
  { name: "real Redis", start: async () => ({ url: testRedisUrl(), stop: async () => undefined }) },
  ...(redisServerAvailable()
    ? [
        {
          name: "Redis Cluster",
          start: async () => {
            const cluster = await startCluster();
            const nodes = cluster.nodes.map((n) => `${n.host}:${n.port}`).join(",");
            return { url: `redis+cluster://${nodes}`, stop: () => cluster.stop() };
          },
        },
      ]
    : []),
];

const SERVER = "s";
const bob = npcDefinition({ location: { serverId: SERVER, x: 0, y: 64, z: 0 } });
const alice = npcDefinition({
  id: "alice",
  name: "Alice",
  location: { serverId: SERVER, x: 5, y: 64, z: 0 },
});
const far = npcDefinition({ id: "far", name: "Far", location: { serverId: SERVER, x: 500, y: 64, z: 0 } });
/** Steve stands by Bob and Alice; Alex is known nowhere. */
const positions: Record<string, { x: number; y: number; z: number }> = { Steve: { x: 2, y: 64, z: 0 } };

async function setup() {
  const prefix = uniquePrefix("fanout");
  const logger = createLogger({ name: "fanout", level: "silent" });
  /** The bridge calls the tracker made: "op player". */
  const calls: string[] = [];
  const runner = {
    async run(_server: string, op: string, args: { player?: string }) {
      calls.push(`${op} ${args.player ?? ""}`.trim());
      if (op === "get_online_players")
        return { status: "completed", jobId: "1", data: { players: ["Steve"] } };
      const at = positions[String(args.player)];
      return { status: "completed", jobId: "2", data: { location: { world: "minecraft:overworld", ...at } } };
    },
  } as unknown as ConstructorParameters<typeof PlayerTracker>[0];
  const tracker = new PlayerTracker(runner, logger);
  const events = redisKeys(prefix).eventStream(SERVER);
  const lines = linesStream(prefix, SERVER);
  for (const stream of [events, lines]) await redis.xgroup("CREATE", stream, "npc", "$", "MKSTREAM");
  /** What the routing script handed over, by consumer. */
  const handed = new Map<string, TakenEntry[]>();
  /** A process (consumer `consumer`) owning the NPCs `owned`. */
  const fanOut = (consumer = "npc-a", owned: string[] = []) =>
    new FanOut({
      redis,
      prefix,
      group: "npc",
      consumer,
      owns: (npcId) => owned.includes(npcId),
      handOver: (entries) => handed.set(consumer, [...(handed.get(consumer) ?? []), ...entries]),
      npcs: () => [bob, alice, far],
      clientFor: () => ({ id: "npc:bob", role: "npc:bob" }),
      tracker,
      metrics: createMetrics(),
      logger,
      streams: () => ({ events: new Map([[events, SERVER]]), lines: new Map([[lines, SERVER]]) }),
    });
  /** Reads the next entry as consumer `who` (or claims it, when another consumer holds it). */
  const take = async (stream: string, who: string, claim = false): Promise<GroupEntry> => {
    const reply = claim
      ? (
          (await redis.xautoclaim(stream, "npc", who, 0, "0-0", "COUNT", 1)) as [string, [string, string[]][]]
        )[1]
      : (
          (await redis.xreadgroup("GROUP", "npc", who, "COUNT", 1, "STREAMS", stream, ">")) as [
            string,
            [string, string[]][],
          ][]
        )[0]![1];
    const [id, fields] = reply[0]!;
    return { stream, id, fields, redelivered: claim, ack: async () => undefined, forget: () => undefined };
  };
  const inbox = async (npcId: string) =>
    ((await redis.xrange(redisKeys(prefix).npcInbox(npcId), "-", "+")) as [string, string[]][]).map(
      ([, fields]) => parseInbox(fields),
    );
  const chat = (player: string, message: string) => {
    const event = {
      ...{ version: "1.0.0", type: "event", id: "e1", timestamp: 1000, source: "minecraft" },
      payload: { eventType: "player_chat", seq: 1, data: { player, message } },
    };
    return redis.xadd(events, "*", "event", JSON.stringify(event), "type", "player_chat", "player", player);
  };
  return { prefix, events, lines, fanOut, take, inbox, chat, calls, handed };
}

describe.each(targets)("fan-out ($name)", ({ start }) => {
  let stop: () => Promise<unknown>;
  beforeAll(async () => {
    const target = await start();
    stop = target.stop;
    redis = connectRedis(target.url, { maxRetriesPerRequest: 3 });
  }, 30_000);
  afterAll(async () => {
    redis?.disconnect();
    await stop?.();
  });

  it("routes chat to the inboxes of the NPCs in range, once, even when two processes hold the entry", async () => {
    const { events, fanOut, take, inbox, chat } = await setup();
    const [a, b] = [fanOut(), fanOut()];
    const id = await chat("Steve", "Hello Bob");
    const first = await take(events, "npc-a");
    const second = await take(events, "npc-b", true); // claimed while npc-a still holds it
    await Promise.all([a.handle(first), b.handle(second)]);
    for (const npc of ["bob", "alice"]) {
      expect(await inbox(npc)).toEqual([
        {
          kind: "chat",
          id: `${events}/${id}`,
          serverId: SERVER,
          player: "Steve",
          text: "Hello Bob",
          timestamp: 1000,
          at: { x: 2, y: 64, z: 0, world: "minecraft:overworld" },
        },
      ]);
    }
    expect(await inbox("far")).toEqual([]);
    expect((await redis.xpending(events, "npc"))[0]).toBe(0);
  });

  it("reads an owned inbox in the routing script and hands its entry over; other inboxes wait for their readers", async () => {
    const { prefix, events, fanOut, take, inbox, chat, handed } = await setup();
    const bobInbox = redisKeys(prefix).npcInbox("bob");
    await redis.xgroup("CREATE", bobInbox, "npc", "0", "MKSTREAM"); // the owner's takeover made it
    await chat("Steve", "Hello Bob");
    // npc-a owns Bob, and believes it owns Alice, whose inbox has no group yet (a takeover under way)
    await fanOut("npc-a", ["bob", "alice"]).handle(await take(events, "npc-a"));
    const [entry] = (await redis.xrange(bobInbox, "-", "+")) as [string, string[]][];
    expect(handed.get("npc-a")).toEqual([{ stream: bobInbox, id: entry![0], fields: entry![1] }]);
    // pending for npc-a as if its reader had read it, and not handed out by the group again
    expect(await redis.xpending(bobInbox, "npc", "-", "+", 10)).toEqual([
      [entry![0], "npc-a", expect.any(Number), 1],
    ]);
    expect(await redis.xreadgroup("GROUP", "npc", "npc-a", "STREAMS", bobInbox, ">")).toBeNull();
    // Alice's inbox got the line all the same (its reader creates the group from "0")
    expect(await inbox("alice")).toMatchObject([{ kind: "chat", text: "Hello Bob" }]);
    expect((await redis.xpending(events, "npc"))[0]).toBe(0);
  });

  it("acknowledges chat that reaches nobody: an unknown position, nobody in range", async () => {
    const { prefix, events, fanOut, take, inbox, chat, calls } = await setup();
    const routing = fanOut();
    await chat("Alex", "Hello Bob");
    const entry = await take(events, "npc-a");
    await routing.handle(entry);
    expect(await inbox("bob")).toEqual([]);
    expect((await redis.xpending(events, "npc"))[0]).toBe(0);
    // Nothing to route twice, so no routed-once marker (on a cluster one per event would pile up).
    expect(await redis.exists(`${prefix}:{npc}:routed:${events}/${entry.id}`)).toBe(0);
    // The speaker alone was looked up, not every online player (a whole refresh is N + 1 jobs).
    expect(calls).toEqual(["get_player_info Alex"]);
  });

  it("routes an NPC's line to the NPCs around it, never back to the speaker", async () => {
    const { lines, fanOut, take, inbox } = await setup();
    const line = { serverId: SERVER, npcId: "bob", name: "Villager Bob", text: "Hi Alice", turn: 0 };
    await redis.xadd(lines, "*", ...lineEntryFields({ ...line, timestamp: 5 }));
    await fanOut().handle(await take(lines, "npc-a"));
    expect(await inbox("alice")).toMatchObject([{ kind: "npc", npcId: "bob", text: "Hi Alice", turn: 0 }]);
    expect(await inbox("bob")).toEqual([]);
    expect(await inbox("far")).toEqual([]);
  });
});

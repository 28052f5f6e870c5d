/**
 * The player tracker against a stand-in for the bridge's answers (its job runner): a refresh starts
 * its players' lookups spread over `spreadMs` instead of all at once (a refresh of 100 players was
 * 101 jobs in the same millisecond, in front of every NPC's speech), keeps what it learnt, forgets who
 * left or could not be found, and one player's lookups in flight are shared.
 */
import { createLogger } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { PlayerTracker } from "../../src/world/player-tracker.js";

const client = { id: "npc:bob", role: "npc:bob" };
const logger = createLogger({ name: "tracker", level: "silent" });

function bridge(online: string[], located: (player: string) => boolean = () => true) {
  const lookups: { player: string; at: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const runner = {
    async run(_server: string, op: string, args: { player?: string }) {
      if (op === "get_online_players") return { status: "completed", jobId: "o", data: { players: online } };
      const player = String(args.player);
      lookups.push({ player, at: performance.now() });
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      const location = { world: "minecraft:overworld", x: player.length, y: 64, z: 0 };
      return located(player)
        ? { status: "completed", jobId: player, data: { location } }
        : { status: "failed", jobId: player, error: { code: "PLAYER_NOT_FOUND", message: "gone" } };
    },
  } as unknown as ConstructorParameters<typeof PlayerTracker>[0];
  return { runner, lookups, maxInFlight: () => maxInFlight };
}

describe("PlayerTracker", () => {
  it("spreads a refresh's lookups over spreadMs, one player after another", async () => {
    const players = Array.from({ length: 10 }, (_, i) => `P${i}`);
    const { runner, lookups, maxInFlight } = bridge(players);
    const tracker = new PlayerTracker(runner, logger, 5000, 200);
    await tracker.refresh("s", client);
    expect(lookups.map((l) => l.player)).toEqual(players);
    const gaps = lookups.slice(1).map((l, i) => l.at - lookups[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(15); // 200 ms / 10 players
    expect(maxInFlight()).toBe(1);
    expect(tracker.players("s").size).toBe(10);
  });

  it("knows where the players are, and not a player the bridge could not find", async () => {
    const { runner } = bridge(["Steve", "Alex", "Herobrine"], (p) => p !== "Herobrine");
    const tracker = new PlayerTracker(runner, logger);
    await tracker.refresh("s", client);
    expect([...tracker.players("s").keys()].sort()).toEqual(["Alex", "Steve"]);
    expect(tracker.position("s", "Steve")).toMatchObject({ x: 5, y: 64, z: 0, world: "minecraft:overworld" });
  });

  it("drops from its map a player who went offline between two refreshes", async () => {
    const online = ["Steve", "Alex"];
    const { runner } = bridge(online);
    const tracker = new PlayerTracker(runner, logger);
    await tracker.refresh("s", client);
    online.splice(1, 1); // Alex quits
    await tracker.refresh("s", client);
    expect([...tracker.players("s").keys()]).toEqual(["Steve"]);
  });

  it("shares one player's lookup in flight, and stops starting lookups once closed", async () => {
    const { runner, lookups } = bridge(["A", "B", "C", "D"]);
    const tracker = new PlayerTracker(runner, logger, 5000, 400);
    const [a, b] = await Promise.all([
      tracker.locate("s", "Steve", client),
      tracker.locate("s", "Steve", client),
    ]);
    expect(a).toEqual(b);
    expect(lookups.map((l) => l.player)).toEqual(["Steve"]);
    const refresh = tracker.refresh("s", client);
    await new Promise((r) => setTimeout(r, 50));
    tracker.close();
    await refresh;
    expect(lookups.length).toBeLessThan(5); // Steve, A, and at most B
  });
});

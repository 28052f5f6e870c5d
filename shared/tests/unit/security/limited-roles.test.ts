/**
 * Issue 25 item 4: a role limited to players ['Alex'] (and to a region) reaches no other player:
 * no message to everyone, no selector hidden in message text, no summon or lightning at another
 * player's coordinates, typed tools and raw commands alike.
 */
// Feature: minecraft-mcp-bridge, Property 25.4: a region-limited role acts only inside its region
import { type BridgeError, Policy } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const REGION = { "minecraft:overworld": { min: [-100, -64, -100], max: [100, 320, 100] } };
const policy = Policy.parse({
  roles: {
    alex: { tools: ["*"], commands: [".*"], players: ["Alex"], maxCommandLength: 1000 },
    fenced: { tools: ["*"], commands: [".*"], players: ["*"], region: REGION, maxCommandLength: 1000 },
    both: { tools: ["*"], commands: [".*"], players: ["Alex"], region: REGION, maxCommandLength: 1000 },
  },
  clients: [
    { id: "b", role: "both" },
    { id: "a", role: "alex" },
    { id: "f", role: "fenced" },
  ],
});
const alex = { id: "a", role: "alex" };
const fenced = { id: "f", role: "fenced" };

function refusal(client: typeof alex, tool: string, args: Record<string, unknown>): BridgeError | undefined {
  try {
    policy.authorize(client, tool, args);
    return undefined;
  } catch (error) {
    return error as BridgeError;
  }
}
const run = (client: typeof alex, command: string) => refusal(client, "execute_command", { command });

describe("a role limited to players", () => {
  it("may not send a message to everyone: it must name a target", () => {
    const error = refusal(alex, "send_message", { message: "hi" });
    expect(error?.code).toBe("PERMISSION_DENIED");
    expect(error?.message).toMatch(/name a 'target'/);
    expect(refusal(alex, "send_message", { message: "hi", target: "Alex" })).toBeUndefined();
    expect(refusal(alex, "send_message", { message: "hi", target: "Steve" })?.code).toBe("PERMISSION_DENIED");
  });

  it.each([
    "say hi,@a",
    "say hi @a",
    "say look:@e[type=player]",
    "me waves at@p",
    "msg Alex hello@a",
    'tellraw Alex {"selector":"@a"}',
    'tellraw Alex ["",{"text":"x"},{"selector":"@r"}]',
  ])("refuses a selector inside message text: %s", (command) => {
    const error = run(alex, command);
    expect(error?.code).toBe("PERMISSION_DENIED");
    expect(error?.message).toMatch(/selector/);
  });

  it.each([
    "say hi",
    "say mail me at steve(at)example.org",
    "msg Alex hello",
    'tellraw Alex {"text":"@ noon"}',
  ])("allows plain text: %s", (command) => expect(run(alex, command)).toBeUndefined());
});

describe("a role limited to a region", () => {
  it.each([
    "summon minecraft:tnt 10 64 10",
    "summon minecraft:lightning_bolt -100 0 100",
    "setblock 0 64 0 minecraft:stone",
    "fill 0 64 0 10 70 10 minecraft:air",
    "particle minecraft:flame 0 64 0 1 1 1 0 10",
    "tp Alex 10 64 10",
    "execute positioned 10 64 10 run summon minecraft:lightning_bolt ~ ~1 ~",
    "execute in minecraft:overworld positioned 0 64 0 run particle minecraft:heart ~ ~1 ~",
    "time set day",
    "give Alex minecraft:bread 1",
  ])("allows %s", (command) => expect(run(fenced, command)).toBeUndefined());

  it.each([
    ["summon minecraft:tnt 500 64 500", /outside/],
    ["summon minecraft:lightning_bolt 101 64 0", /outside/],
    ["summon minecraft:tnt", /console's position/],
    ["summon minecraft:lightning_bolt ~ ~ ~", /relative/],
    ["execute positioned 10 64 10 run summon minecraft:tnt ~500 ~ ~", /outside/],
    ["execute at Alex run summon minecraft:tnt", /execute at/],
    ["execute in minecraft:the_nether run summon minecraft:tnt 0 64 0", /outside/],
    ["execute in nether run setblock 0 64 0 minecraft:stone", /the_nether/],
    ["tp Alex 1000 64 10", /outside/],
    ["tp Alex ^ ^ ^5", /local coordinate/],
    ["fill 0 64 0 200 64 0 minecraft:stone", /outside/],
    ["particle minecraft:flame", /console's position/],
    ["clone 0 64 0 1 65 1 500 64 500", /outside/],
    ["spreadplayers 0 0 1 10 false Alex", /coordinates the policy knows/],
  ])("refuses %s", (command, why) => {
    const error = run(fenced, command);
    expect(error?.code).toBe("PERMISSION_DENIED");
    expect(error?.message).toMatch(why);
  });

  it("with players ['Alex'] too: no tnt or lightning at Steve's coordinates, which lie outside", () => {
    const both = { id: "b", role: "both" };
    expect(run(both, "summon minecraft:tnt 500 64 500")?.message).toMatch(/outside/);
    expect(run(both, "summon minecraft:lightning_bolt 500 64 500")?.message).toMatch(/outside/);
    expect(run(both, "summon minecraft:tnt 10 64 10")).toBeUndefined();
  });

  it("checks the typed tools' positions, with the world named", () => {
    const tp = (args: Record<string, unknown>) =>
      refusal(fenced, "teleport_player", { player: "Alex", ...args });
    expect(tp({ x: 10, y: 64, z: 10, world: "world" })).toBeUndefined();
    expect(tp({ x: 10, y: 64, z: 10, world: "minecraft:overworld" })).toBeUndefined();
    expect(tp({ x: 500, y: 64, z: 10, world: "world" })?.message).toMatch(/outside/);
    expect(tp({ x: 10, y: 64, z: 10, world: "nether" })?.message).toMatch(/outside/);
    expect(tp({ x: 10, y: 64, z: 10 })?.message).toMatch(/name the world/);
    expect(
      refusal(fenced, "get_world_info", { x: 5000, y: 64, z: 5000, radius: 4, world: "world" })?.code,
    ).toBe("PERMISSION_DENIED");
    const mobs = (args: Record<string, unknown>) =>
      refusal(fenced, "get_nearby_mobs", { radius: 16, ...args });
    expect(mobs({ x: 5000, y: 64, z: 5000, world: "world" })?.message).toMatch(/outside/);
    expect(mobs({ x: 10, y: 64, z: 10 })?.message).toMatch(/name the world/);
    expect(mobs({ x: 10, y: 64, z: 10, world: "world" })).toBeUndefined();
    // The whole scanned cube must lie in the box, not only its centre.
    expect(mobs({ x: 90, y: 64, z: 10, world: "world" })?.message).toMatch(/reads 16 blocks around 90 64 10/);
    expect(mobs({ x: 84, y: 64, z: -84, world: "world" })).toBeUndefined();
    expect(
      refusal(fenced, "get_world_info", { x: 95, y: 64, z: 0, radius: 8, world: "world" })?.message,
    ).toMatch(/beyond role 'fenced'/);
    expect(
      refusal(fenced, "get_world_info", { x: 92, y: 64, z: 0, radius: 8, world: "world" }),
    ).toBeUndefined();
    expect(
      refusal(fenced, "give_item", { player: "Alex", item: "minecraft:bread", quantity: 1 }),
    ).toBeUndefined();
  });

  it("typed teleports and raw summons agree on every position", () => {
    const coord = fc.integer({ min: -300, max: 300 });
    fc.assert(
      fc.property(coord, fc.integer({ min: -100, max: 400 }), coord, (x, y, z) => {
        const inside = Math.abs(x) <= 100 && Math.abs(z) <= 100 && y >= -64 && y <= 320;
        const typed = refusal(fenced, "teleport_player", { player: "Alex", x, y, z, world: "world" });
        expect(typed === undefined).toBe(inside);
        expect(run(fenced, `summon minecraft:tnt ${x} ${y} ${z}`) === undefined).toBe(inside);
        expect(
          run(fenced, `execute positioned 0 64 0 run summon minecraft:tnt ~${x} ~${y - 64} ~${z}`) ===
            undefined,
        ).toBe(inside);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a policy whose box has min above max", () => {
    expect(() =>
      Policy.parse({
        roles: { r: { tools: ["*"], region: { world: { min: [0, 0, 0], max: [-1, 10, 10] } } } },
        clients: [],
      }),
    ).toThrow(/min must not exceed max/);
  });
});

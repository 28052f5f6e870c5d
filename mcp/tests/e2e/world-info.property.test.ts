/**
 * get_world_info end to end (MCP client -> MCP server -> queue -> bridge -> RCON -> the devserver's
 * generated world) for generated coordinates and radii up to the devserver's limit (16). Each run
 * puts Steve at a generated spot near the centre, so he must be listed exactly when he is in range.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";

const DEVSERVER_MAX_RADIUS = 16;
const AIR = new Set(["minecraft:air", "minecraft:cave_air", "minecraft:void_air"]);

interface Location {
  world: string;
  x: number;
  y: number;
  z: number;
}
interface WorldInfo {
  center: Location;
  radius: number;
  palette: { type: string; count: number }[];
  blocks: { type: string; location: Location }[];
  entities: { type: string; location: Location; name?: string | null }[];
  truncated: boolean;
}

const d2 = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) =>
  (a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2;

describe("get_world_info against the devserver's world", () => {
  let stack: Stack;
  let client: Client;

  beforeAll(async () => {
    stack = await startStack();
    client = await stack.httpClient();
  });
  afterAll(async () => stack?.stop());

  // Feature: minecraft-mcp-bridge, Property 11: World info query completeness
  it("reports every block type of the cube with counts, its blocks nearest first, and the entities in range", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          x: fc.integer({ min: -60, max: 60 }),
          y: fc.integer({ min: 40, max: 90 }),
          z: fc.integer({ min: -60, max: 60 }),
          radius: fc.integer({ min: 0, max: DEVSERVER_MAX_RADIUS }),
          steve: fc.tuple(
            fc.integer({ min: -18, max: 18 }),
            fc.integer({ min: -18, max: 18 }),
            fc.integer({ min: -18, max: 18 }),
          ),
          pick: fc.nat(),
        }),
        async ({ x, y, z, radius, steve, pick }) => {
          const at = { x: x + steve[0] + 0.5, y: y + steve[1] + 0.5, z: z + steve[2] + 0.5 };
          const moved = (await ok(client, "teleport_player", { player: "Steve", ...at })) as {
            location: Location;
          };
          const info = (await ok(client, "get_world_info", { x, y, z, radius })) as unknown as WorldInfo;
          const center = { x, y, z };

          expect(info.center).toMatchObject(center);
          expect(info.radius).toBe(radius);
          // Block types: every block of the (2r+1)^3 cube is counted under its type, once.
          const side = 2 * radius + 1;
          expect(info.palette.reduce((n, p) => n + p.count, 0)).toBe(side ** 3);
          const palette = new Map(info.palette.map((p) => [p.type, p.count]));
          expect(palette.size).toBe(info.palette.length);
          // Listed blocks: inside the cube, not air, nearest first, of types the palette counts.
          const listed = new Map<string, number>();
          let last = -1;
          for (const b of info.blocks) {
            const { location: l } = b;
            for (const k of ["x", "y", "z"] as const)
              expect(Math.abs(l[k] - center[k])).toBeLessThanOrEqual(radius);
            expect(AIR.has(b.type)).toBe(false);
            expect(d2(l, center)).toBeGreaterThanOrEqual(last);
            last = d2(l, center);
            listed.set(b.type, (listed.get(b.type) ?? 0) + 1);
          }
          for (const [type, n] of listed) expect(n).toBeLessThanOrEqual(palette.get(type) ?? 0);
          const solid = info.palette.filter((p) => !AIR.has(p.type)).reduce((n, p) => n + p.count, 0);
          // The devserver has far fewer entities than its limit: `truncated` means the block list was
          // cut; when it was not, every non-air block of the cube is listed.
          expect(info.truncated).toBe(info.blocks.length < solid);
          if (!info.truncated) for (const [type, n] of listed) expect(n).toBe(palette.get(type));
          // Entities: each within the radius (a sphere); Steve listed exactly when he is in range.
          for (const e of info.entities) expect(d2(e.location, center)).toBeLessThanOrEqual(radius * radius);
          const inRange =
            moved.location.world === info.center.world && d2(moved.location, center) <= radius * radius;
          const listedSteve = info.entities.filter(
            (e) => e.type === "minecraft:player" && e.name === "Steve",
          );
          expect(listedSteve.length).toBe(inRange ? 1 : 0);
          if (inRange) expect(listedSteve[0]!.location).toMatchObject(at);
          // A listed block is what a radius-0 query at its position reports.
          if (info.blocks.length > 0) {
            const b = info.blocks[pick % info.blocks.length]!;
            const one = (await ok(client, "get_world_info", {
              ...b.location,
              radius: 0,
            })) as unknown as WorldInfo;
            expect(one.palette).toEqual([{ type: b.type, count: 1 }]);
            expect(one.blocks).toEqual([b]);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 180_000);
});

/**
 * get_nearby_mobs' arguments are hostile input (an LLM or an NPC file picks them): the schema takes
 * exactly the documented ranges, and nothing that passes it can carry text into a command or a world
 * lookup other than a world id.
 */
import {
  NEARBY_MOBS_MAX_LIMIT,
  NEARBY_MOBS_MAX_RADIUS,
  NearbyMobsArgsSchema,
  WorldNameSchema,
} from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const coordinate = fc.double({ min: -30_000_000, max: 30_000_000, noNaN: true });
const anything = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.string(),
  fc.constant(null),
  fc.boolean(),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.constant(Number.NaN),
);

describe("get_nearby_mobs arguments", () => {
  // Feature: minecraft-mcp-bridge, Property: get_nearby_mobs arguments are validated before any use
  it("accepts every in-range request unchanged", () => {
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        coordinate,
        fc.integer({ min: 1, max: NEARBY_MOBS_MAX_RADIUS }),
        fc.option(fc.integer({ min: 1, max: NEARBY_MOBS_MAX_LIMIT }), { nil: undefined }),
        fc.option(fc.constantFrom("world", "minecraft:the_nether", "end", "mymod:deep_dark"), {
          nil: undefined,
        }),
        (x, y, z, radius, limit, world) => {
          const args = {
            x,
            y,
            z,
            radius,
            ...(limit === undefined ? {} : { limit }),
            ...(world ? { world } : {}),
          };
          expect(NearbyMobsArgsSchema.parse(args)).toEqual(args);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses a radius or limit out of range, fractional or not a number", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            radius: anything.filter(
              (r) => !(Number.isInteger(r) && (r as number) >= 1 && (r as number) <= NEARBY_MOBS_MAX_RADIUS),
            ),
          }),
          fc.record({
            radius: fc.constant(8),
            limit: anything.filter(
              (l) =>
                l !== undefined &&
                !(Number.isInteger(l) && (l as number) >= 1 && (l as number) <= NEARBY_MOBS_MAX_LIMIT),
            ),
          }),
        ),
        (bad) => {
          expect(NearbyMobsArgsSchema.safeParse({ x: 0, y: 64, z: 0, ...bad }).success).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("passes a world only when it is a world id: no spaces, quotes, selectors or control characters", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "binary" }),
          fc.constantFrom('world" run op Mallory', "@e[type=zombie]", "world\nsay hi"),
        ),
        (world) => {
          const parsed = NearbyMobsArgsSchema.safeParse({ x: 0, y: 64, z: 0, radius: 8, world });
          expect(parsed.success).toBe(WorldNameSchema.safeParse(world).success);
          if (parsed.success) expect(parsed.data.world).toMatch(/^[a-z0-9_.:/-]+$/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

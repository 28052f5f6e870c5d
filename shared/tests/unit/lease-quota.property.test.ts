/**
 * The fleet's quotas (shared/src/lease-group.ts, quotaOf): every member computes its own from the
 * same member list, so the quotas must add up to exactly the number of things (none left without
 * an owner, none fought over) and differ by at most one (the lease spread target), whatever the
 * member names and their order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quotaOf } from "../../src/lease-group.js";

describe("quotaOf", () => {
  it("quotas add up to the things and differ by at most one, in any member order", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1000 }),
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 40 }),
        fc.infiniteStream(fc.nat()),
        (things, members, seeds) => {
          const shuffled = [...members].sort(() => (seeds.next().value % 3) - 1);
          const quotas = members.map((m) => quotaOf(things, shuffled, m));
          expect(quotas.reduce((a, b) => a + b, 0)).toBe(things);
          expect(Math.max(...quotas) - Math.min(...quotas)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a process not yet in the list (before its first announcement is read) counts as the first", () => {
    expect(quotaOf(10, [], "me")).toBe(10);
    expect(quotaOf(10, ["a", "b"], "zz")).toBe(5);
  });
});

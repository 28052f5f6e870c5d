import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarizeDiscover, unsupportedNote } from "../../../src/management/discover.js";
import { NOTIFICATION } from "../../../src/management/notifications.js";

const methods = Object.values(NOTIFICATION).map((name) => ({ name }));

describe("rpc.discover summary", () => {
  it("reads the declared version and supports majors 1 (1.21.9), 2 (1.21.11) and 3 (26.x)", () => {
    for (const version of ["1.0.0", "1.1.0", "2.0.0", "3.0.0", "3.1.2"]) {
      const summary = summarizeDiscover({ openrpc: "1.3.2", info: { version }, methods });
      expect(summary).toEqual({ version, supported: true, missing: [] });
      expect(unsupportedNote(summary)).toBeUndefined();
    }
  });

  it("warns, naming the version and the supported range, on an unknown major or a missing version", () => {
    const four = summarizeDiscover({ info: { version: "4.0.0" }, methods });
    expect(four.supported).toBe(false);
    expect(unsupportedNote(four)).toMatch(/4\.0\.0 is not one this bridge knows \(majors 1, 2, 3/);
    expect(summarizeDiscover({ methods }).version).toBe("unknown");
    expect(unsupportedNote(summarizeDiscover({ methods }))).toMatch(/unknown/);
  });

  it("lists the notifications the server does not offer", () => {
    expect(summarizeDiscover({ info: { version: "2.0.0" }, methods: [] }).missing).toEqual(
      Object.values(NOTIFICATION),
    );
  });

  it("never throws on any document", () => {
    fc.assert(
      fc.property(fc.anything(), (doc) => {
        const s = summarizeDiscover(doc);
        expect(typeof s.version).toBe("string");
        expect(s.version.length).toBeLessThanOrEqual(64);
      }),
      { numRuns: 300 },
    );
  });
});

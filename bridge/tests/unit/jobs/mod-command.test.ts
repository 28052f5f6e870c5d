import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildCommand,
  commandBytes,
  MAX_RCON_COMMAND_BYTES,
  packAll,
  takeBatch,
} from "../../../src/jobs/mod-command.js";

// ASCII JSON requests of realistic and extreme sizes (up to one that alone fills a command).
const item = fc
  .integer({ min: 2, max: MAX_RCON_COMMAND_BYTES - 10 })
  .chain((len) => fc.constant(`{"id":"${"x".repeat(Math.max(0, len - 10))}"}`.slice(0, Math.max(2, len))));
const items = fc.array(fc.oneof(item, fc.string({ minLength: 2, maxLength: 200 })), { maxLength: 60 });

describe("batch packer", () => {
  it("never builds a command over 1446 bytes and keeps every request exactly once, in order", () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 1, max: 40 }), (list, maxItems) => {
        const batches = packAll(list, maxItems);
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(maxItems);
          const command = buildCommand(batch);
          expect(Buffer.byteLength(command)).toBe(commandBytes(batch));
          expect(Buffer.byteLength(command)).toBeLessThanOrEqual(MAX_RCON_COMMAND_BYTES);
        }
        expect(batches.flat()).toEqual(list);
      }),
      { numRuns: 200 },
    );
  });

  it("fills a batch greedily: the next item would not have fitted", () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 1, max: 40 }), (list, maxItems) => {
        const n = takeBatch(list, maxItems);
        if (n < list.length && n < maxItems) {
          expect(commandBytes(list.slice(0, n + 1))).toBeGreaterThan(MAX_RCON_COMMAND_BYTES);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("sends one request as a bare object and several as an array", () => {
    expect(buildCommand(['{"a":1}'])).toBe('mcpbridge {"a":1}');
    expect(buildCommand(['{"a":1}', '{"b":2}'])).toBe('mcpbridge [{"a":1},{"b":2}]');
  });

  it("refuses an item that cannot fit alone", () => {
    const tooBig = "x".repeat(MAX_RCON_COMMAND_BYTES - 9);
    expect(takeBatch([tooBig], 10)).toBe(0);
    expect(() => packAll([tooBig], 10)).toThrow(RangeError);
    expect(takeBatch(["x".repeat(MAX_RCON_COMMAND_BYTES - 10)], 10)).toBe(1);
  });
});

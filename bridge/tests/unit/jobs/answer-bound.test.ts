import { BridgeError } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundError, boundValue } from "../../../src/jobs/answer-bound.js";

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

describe("what a job keeps in Redis is bounded (RESULT_MAX_BYTES)", () => {
  it("keeps an answer that fits as it is (the same object)", () => {
    const data = { output: "There are 2 of a max of 20 players online: Steve, Alex" };
    expect(boundValue(data, 1024)).toEqual({ value: data, cut: false });
    expect(boundValue(data, 1024).value).toBe(data);
  });

  it("cuts a 40 MB output to the limit and ends it with the marker", () => {
    const data = { output: "x".repeat(40 * 1024 * 1024) };
    const { value, cut } = boundValue(data, 64 * 1024);
    expect(cut).toBe(true);
    expect(bytes(value)).toBeLessThanOrEqual(64 * 1024);
    expect(value.output.slice(-140)).toMatch(
      /\.\.\.\[cut: kept \d+ of 41943040 chars; the answer was over the bridge's 65536-byte limit \(RESULT_MAX_BYTES\)\]$/,
    );
    expect(data.output.length).toBe(40 * 1024 * 1024); // the input is not changed
  });

  it("bounds an error's message and details, keeping its code", () => {
    const huge = "y".repeat(5_000_000);
    const error = new BridgeError("INVALID_COMMAND", `Command 'x' failed: ${huge}`, {
      details: { command: "x", output: huge },
    });
    const bounded = boundError(error, 32 * 1024) as BridgeError;
    expect(bounded).toBeInstanceOf(BridgeError);
    expect(bounded.code).toBe("INVALID_COMMAND");
    expect(bytes(bounded.toPayload())).toBeLessThanOrEqual(32 * 1024);
    expect(bounded.message.startsWith("Command 'x' failed: yyy")).toBe(true);
    expect(String(bounded.details?.output).startsWith("yyy")).toBe(true);
    expect(boundError(new BridgeError("TIMEOUT", "slow"), 1024)).toBeInstanceOf(BridgeError);
  });

  it("keeps the first lines of a 40,000-line output array and says how many", () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i} `.padEnd(1000, "z"));
    const error = new BridgeError("INVALID_COMMAND", "Command 'x' failed", { details: { output: lines } });
    const payload = (boundError(error, 64 * 1024) as BridgeError).toPayload();
    expect(bytes(payload)).toBeLessThanOrEqual(64 * 1024);
    const kept = payload.details?.output as string[];
    expect(kept[0]).toBe(lines[0]);
    expect(kept.at(-1)).toMatch(/^\.\.\.\[cut: kept \d+ of 40000 items; /);
  });

  it("never exceeds the bound and cuts only what is over it (property)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ maxLength: 8 }),
          fc.oneof(
            fc.string({ maxLength: 3000 }),
            fc.string({ unit: "binary", maxLength: 3000 }),
            fc.integer(),
          ),
        ),
        fc.integer({ min: 1024, max: 8192 }),
        (data, max) => {
          const { value, cut } = boundValue(data, max);
          expect(bytes(value)).toBeLessThanOrEqual(Math.max(max, cut ? 0 : bytes(data)));
          expect(cut).toBe(bytes(data) > max);
          if (!cut) expect(value).toBe(data);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});

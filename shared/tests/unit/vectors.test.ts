import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BridgeError } from "../../src/index.js";
import { type VectorFile, validatorFor } from "../../testing/vectors.js";

const dir = fileURLToPath(new URL("../../vectors/", import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
const vectors = files.map((f) => JSON.parse(readFileSync(dir + f, "utf8")) as VectorFile);

describe("shared/vectors", () => {
  it("has one file per message kind, each with valid and invalid examples", () => {
    expect(files.length).toBeGreaterThanOrEqual(28);
    for (const v of vectors) {
      expect(v.valid.length, v.kind).toBeGreaterThan(0);
      expect(v.invalid.length, v.kind).toBeGreaterThan(0);
    }
  });

  for (const vector of vectors) {
    describe(vector.kind, () => {
      const validate = validatorFor(vector.kind);
      for (const example of vector.valid) {
        it(`accepts: ${example.name}`, () => {
          const parsed = validate(example.message);
          expect(parsed).toEqual(example.normalized ?? example.message);
        });
      }
      for (const example of vector.invalid) {
        it(`rejects with ${example.error.code} on '${example.error.field}': ${example.name}`, () => {
          const input = example.raw ?? example.message;
          let caught: unknown;
          try {
            validate(input);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(BridgeError);
          const error = caught as BridgeError;
          expect(error.code).toBe(example.error.code);
          expect(error.details?.field).toBe(example.error.field);
          if (example.error.field !== "(message)") expect(error.message).toContain(example.error.field);
        });
      }
    });
  }
});

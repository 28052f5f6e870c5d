// Feature: minecraft-mcp-bridge, Property: every field of the config kit reads "" or spaces as unset.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError, env, loadEnvConfig } from "../../src/config.js";

const Schema = z.object({
  INT: env.int(7, 1, 10),
  OPTIONAL_INT: env.optionalInt(),
  PORT: env.port(3000),
  TEXT: env.text("fallback"),
  OPTIONAL_TEXT: env.optionalText(),
  BOOL: env.bool(true),
  LIST: env.list(["a"]),
  URL: env.httpUrl("http://127.0.0.1:1"),
  ONE_OF: env.oneOf(["x", "y"], "y"),
  OPTIONAL_ONE_OF: env.optionalOneOf(["x", "y"]),
  REQUIRED: env.required("is required"),
});
const DEFAULTS = {
  INT: 7,
  OPTIONAL_INT: undefined,
  PORT: 3000,
  TEXT: "fallback",
  OPTIONAL_TEXT: undefined,
  BOOL: true,
  LIST: ["a"],
  URL: "http://127.0.0.1:1",
  ONE_OF: "y",
  OPTIONAL_ONE_OF: undefined,
  REQUIRED: "r",
};
const keys = Object.keys(DEFAULTS).filter((k) => k !== "REQUIRED");

describe("the config kit", () => {
  it("reads a blank value of any field as unset, so its default applies", () => {
    const blank = fc.stringMatching(/^[ \t]*$/);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), blank), (blanks) => {
        expect(loadEnvConfig(Schema, { ...blanks, REQUIRED: "r" })).toEqual(DEFAULTS);
      }),
      { numRuns: 200 },
    );
  });

  it("reports a blank required variable as missing, with its message", () => {
    expect(() => loadEnvConfig(Schema, { REQUIRED: "" })).toThrow(/REQUIRED: is required/);
  });

  it("parses set values and names each bad one", () => {
    expect(loadEnvConfig(Schema, { PORT: "0", BOOL: "off", LIST: " b, ,c ", REQUIRED: "r" })).toMatchObject({
      PORT: 0,
      BOOL: false,
      LIST: ["b", "c"],
    });
    try {
      loadEnvConfig(Schema, { INT: "11", PORT: "http", URL: "ftp://x", ONE_OF: "z", REQUIRED: "r" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      for (const key of ["INT:", "PORT: must be an integer", "URL: must be an http(s):// URL", "ONE_OF:"]) {
        expect(problems).toContain(key);
      }
    }
  });
});

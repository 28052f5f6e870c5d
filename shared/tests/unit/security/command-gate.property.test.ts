/**
 * The policy's command gate over generated hostile commands (the TypeScript twin of the mod's
 * WhitelistPropertiesTest): whatever passes Policy.authorize for execute_command matches one of the
 * role's patterns as a whole, is within the role's length, holds no control/format character or
 * chaining token, and so does the command after `execute ... run`. Without the mod (vanilla mode)
 * this is the only gate in front of the game.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BridgeError } from "../../../src/errors.js";
import { Policy } from "../../../src/policy.js";

const PATTERNS = [
  "say .+",
  "list",
  "tp [A-Za-z0-9_]{1,16} -?[0-9]+ -?[0-9]+ -?[0-9]+",
  "give [A-Za-z0-9_]{1,16} minecraft:[a-z_]+ [0-9]{1,4}",
  "execute as [A-Za-z0-9_]{1,16} run .+",
];
const MAX = 120;
const policy = Policy.parse({
  roles: { r: { tools: ["execute_command"], commands: PATTERNS, maxCommandLength: MAX } },
  clients: [{ id: "c", role: "r" }],
});
const compiled = PATTERNS.map((p) => new RegExp(`^(?:${p})$`));
const whitelisted = (c: string) => compiled.some((re) => re.test(c));

/** The error code, or undefined when the policy lets the command run. */
function codeOf(command: string): string | undefined {
  try {
    policy.authorize({ id: "c", role: "r" }, "execute_command", { command });
    return undefined;
  } catch (error) {
    return (error as BridgeError).code;
  }
}

const noise = fc.string({ unit: "binary", maxLength: 40 });
const prefix = fc.constantFrom(
  "say ",
  "list",
  "/say ",
  "tp Steve ",
  "execute as Steve run ",
  "give Steve ",
  "op ",
);
const allowedBase = fc.constantFrom("say hi", "list", "tp Steve 1 2 3", "give Steve minecraft:dirt 1");
const separator = fc.constantFrom(
  "\n",
  "\r\n",
  "\r",
  ";",
  " ; ",
  "&&",
  " && ",
  "||",
  "\u2028",
  "\u0000",
  "\u001b",
  "\u200b\n",
  "\u0085",
);
const bad = fc.constantFrom("op Steve", "stop", "ban Alex", "/op Steve", "deop Notch", "whitelist off");
const smuggled = fc.oneof(
  fc.tuple(allowedBase, separator, bad).map(([a, s, b]) => a + s + b),
  fc.tuple(bad, separator, allowedBase).map(([b, s, a]) => b + s + a),
  fc.constantFrom(
    "execute as Steve run op Steve",
    "execute as Steve run stop",
    "execute as Steve run execute as Alex run op Steve",
    "execute as Steve run say a\u202eb",
  ),
);
const lookAlike = fc
  .tuple(fc.constantFrom("say hi", "list", "op Steve", "stop"), fc.nat(7))
  .map(([base, at]) => {
    const i = Math.min(at, base.length - 1);
    const pos = base[i] === " " ? 0 : i;
    return base.slice(0, pos) + String.fromCharCode(base.charCodeAt(pos) + 0xfee0) + base.slice(pos + 1);
  });
const anyCommand = fc.oneof(
  noise,
  fc.tuple(prefix, noise).map(([p, n]) => p + n),
  smuggled,
  lookAlike,
);

describe("the policy's command gate", () => {
  // Feature: minecraft-mcp-bridge, Property 7: commands not matching the whitelist are rejected and never executed
  it("lets through only whole-pattern, clean, single commands within the role's length", () => {
    fc.assert(
      fc.property(anyCommand, (raw) => {
        if (codeOf(raw) !== undefined) return;
        const command = raw.startsWith("/") ? raw.slice(1) : raw;
        expect(whitelisted(command), command).toBe(true);
        expect(command.length).toBeLessThanOrEqual(MAX);
        expect(command).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|;|&&|\|\|/u);
        const run = command.startsWith("execute ") ? command.indexOf(" run ") : -1;
        if (run >= 0) expect(whitelisted(command.slice(run + 5)), command).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses smuggled second commands, look-alikes and over-long commands with a protocol code", () => {
    fc.assert(
      fc.property(smuggled, (command) => {
        expect(["PERMISSION_DENIED", "INVALID_ARGS"], command).toContain(codeOf(command));
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(lookAlike, (command) => {
        expect(codeOf(command), command).toBe("PERMISSION_DENIED");
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(`^[a-z]{${MAX - 3},900}$`)), (text) => {
        expect(codeOf(`say ${text}`)).toBe("INVALID_ARGS");
      }),
      { numRuns: 100 },
    );
  });

  it("lets clean whitelisted commands run", () => {
    const words = fc.stringMatching(/^[a-z\u00e9\u2603 ,.!?]{1,40}$/).filter((s) => s.trim().length > 0);
    const coordinate = fc.integer({ min: -1000, max: 1000 });
    const clean = fc.oneof(
      words.map((w) => `say ${w}`),
      words.map((w) => `/say ${w}`),
      fc.constant("list"),
      fc.tuple(coordinate, coordinate, coordinate).map(([x, y, z]) => `tp Steve ${x} ${y} ${z}`),
    );
    fc.assert(
      fc.property(clean, (command) => {
        expect(codeOf(command), command).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * The shared security vectors (shared/vectors/security), read here and by the mod's Java tests
 * (SecurityVectorsTest.java): the TypeScript command gate, pattern-safety check and command display
 * must give exactly the verdicts the vectors give, so vanilla mode refuses what the mod refuses.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CommandGate, displayCommand } from "../../../src/command-gate.js";
import { patternProblem } from "../../../src/pattern-safety.js";

const read = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../../vectors/security/${name}`, import.meta.url), "utf8")) as T;

interface GateCase {
  name: string;
  command: string;
  outcome: "allowed" | "PERMISSION_DENIED" | "INVALID_ARGS";
  kind?: string;
  runs?: string;
  display?: string;
}
const gateVectors = read<{
  patterns: string[];
  maxLength: number;
  cases: GateCase[];
  display: { name: string; text: string; display: string }[];
}>("command-gate.json");
const safetyVectors = read<{ cases: { pattern: string; outcome: "ok" | "refused" }[] }>(
  "pattern-safety.json",
);

describe("the command gate gives the shared vectors' verdicts", () => {
  const gate = new CommandGate(gateVectors.patterns, gateVectors.maxLength);

  it("accepts every vector pattern", () => {
    expect([...gate.rejectedPatterns.keys()]).toEqual([]);
  });

  it.each(gateVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const verdict = gate.verdict(c.command);
    if (c.outcome === "allowed") {
      expect(verdict).toEqual({ allowed: true, command: c.runs });
    } else {
      expect(verdict).toMatchObject({ allowed: false, code: c.outcome, kind: c.kind, display: c.display });
    }
  });
});

describe("commands are displayed escaped as the shared vectors say", () => {
  it.each(gateVectors.display.map((d) => [d.name, d] as const))("%s", (_name, d) => {
    expect(displayCommand(d.text)).toBe(d.display);
  });
});

describe("pattern safety gives the shared vectors' verdicts", () => {
  it.each(safetyVectors.cases.map((c) => [c.pattern.slice(0, 60), c] as const))("%s", (_name, c) => {
    const problem = patternProblem(c.pattern);
    if (c.outcome === "ok") expect(problem).toBeUndefined();
    else expect(problem).toBeDefined();
  });
});

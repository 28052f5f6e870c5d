/**
 * The log-line parser over the corpus of REAL log lines (bridge/tests/fixtures/log-corpus): every
 * line of every sample, read in order by one parser (a sample is one server's log), must give the
 * event a person read off it, or none. A line in a structured layout (`[time] [thread/LEVEL]`) is
 * never 'unparsed' when its time is one a supported server writes.
 */
import { describe, expect, it } from "vitest";
import { LogLineParser } from "../../../src/logtail/parse-line.js";
import { LOG_CORPUS } from "./log-corpus.js";

/** `[HH:mm:ss] [` or a NeoForge date `[ddMMMyyyy HH:mm:ss.SSS] [`: a layout the parser must know. */
const STRUCTURED = /^\[(?:\S+ )?\d{2}:\d{2}:\d{2}(?:\.\d{3})?\] \[/;

describe("real log lines", () => {
  it("the corpus holds at least 150 real lines across vanilla, Fabric, Paper, Purpur, Spigot, NeoForge", () => {
    const lines = LOG_CORPUS.flatMap((f) => f.samples.flatMap((s) => s.lines));
    expect(lines.length).toBeGreaterThanOrEqual(150);
    const servers = new Set(LOG_CORPUS.map((f) => f.server));
    for (const s of ["vanilla", "fabric", "paper", "purpur", "spigot", "neoforge"])
      expect(servers).toContain(s);
  });

  for (const { server, samples } of LOG_CORPUS) {
    describe(server, () => {
      for (const sample of samples) {
        it(`${sample.source} (${sample.lines.length} lines)`, () => {
          expect(sample.source, "a real sample names its source").toMatch(/^https:\/\//);
          const parser = new LogLineParser();
          for (const { line, expect: want } of sample.lines) {
            const parsed = parser.parse(line);
            const got = parsed.kind === "event" ? { type: parsed.type, data: parsed.data } : null;
            if (want) expect(got, line).toMatchObject(want);
            else expect(got, line).toBeNull();
            if (STRUCTURED.test(line)) expect(parsed.kind, line).not.toBe("unparsed");
          }
        });
      }
    });
  }
});

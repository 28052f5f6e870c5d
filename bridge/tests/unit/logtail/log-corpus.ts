/** Test support: the real log lines of bridge/tests/fixtures/log-corpus, one file per server kind. */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

interface CorpusLine {
  line: string;
  /** The event a person read off the line, or null for none. */
  expect: { type: string; data: Record<string, unknown> } | null;
}
interface CorpusSample {
  source: string;
  kind: string;
  version: string;
  lines: CorpusLine[];
}
export interface CorpusFile {
  server: string;
  samples: CorpusSample[];
}

const DIR = fileURLToPath(new URL("../../fixtures/log-corpus/", import.meta.url));

export const LOG_CORPUS: readonly CorpusFile[] = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(DIR + name, "utf8")) as CorpusFile);

/**
 * The shape of a line: its structure with the time, digits in thread names and the message's
 * player and text dropped, so a devserver line can be compared with real ones.
 */
export function shapeOf(line: string, type: string): string {
  const structure = line.replace(/^\[[^\]]*\d{2}:\d{2}:\d{2}[^\]]*\]/, "[TIME]").replace(/#\d+/g, "#N");
  const at = structure.indexOf("]: ");
  // "[Not Secure] " depends on chat signing, not on the server: it is no part of the shape.
  return `${type} ${at < 0 ? structure : structure.slice(0, at + 3)}`;
}

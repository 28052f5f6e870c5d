// scripts/up: the first error a process wrote to its log, as one line for the terminal.
//   node scripts/lib/first-error.mjs LOGFILE
// A pino line of level error or fatal gives "msg: err.message"; plain text (a configuration error,
// "Invalid configuration:" and its "  - FIELD: problem" lines, or a crash) gives its first lines joined.
import { readFileSync } from "node:fs";

let lines = [];
try {
  lines = readFileSync(process.argv[2], "utf8").split("\n");
} catch {
  process.exit(0);
}
const text = [];
for (const line of lines) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    if (line.trim()) text.push(line.trim());
    if (text.length >= 4) break;
    continue;
  }
  if (text.length > 0) break;
  if (typeof entry === "object" && entry !== null && entry.level >= 50) {
    const cause = entry.err?.message ?? entry.reason;
    console.log(cause ? `${entry.msg}: ${cause}` : entry.msg);
    process.exit(0);
  }
}
if (text.length > 0) console.log(text.join(" "));

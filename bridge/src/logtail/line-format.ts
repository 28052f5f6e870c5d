/**
 * The structure of one server log line. In: a line of `logs/latest.log` without its line end.
 * Out: the message part and who logged it, or undefined when the line has none of the known
 * layouts (a stack trace, a continuation, a plugin's own format). Layouts (log4j patterns):
 *   vanilla   `[HH:mm:ss] [thread/LEVEL]: msg`
 *   Fabric    `[HH:mm:ss] [thread/LEVEL] (logger) msg`
 *   Paper     `[HH:mm:ss LEVEL]: msg`  (no thread; plugins prefix their own `[Name] `)
 *   NeoForge  `[ddMMMyyyy HH:mm:ss.SSS] [thread/LEVEL] [logger/marker]: msg`
 * Only the structure before the message is trusted: everything after it may be player text.
 */

export type LogLayout = "vanilla" | "fabric" | "paper" | "neoforge";

export interface LogLine {
  layout: LogLayout;
  /** The thread that logged it; undefined for Paper, whose layout does not show it. */
  thread: string | undefined;
  /** The logger (Fabric, NeoForge); undefined where the layout does not show it. */
  logger: string | undefined;
  level: string;
  message: string;
}

const LEVEL = "(INFO|WARN|ERROR|DEBUG|TRACE|FATAL)";
const LAYOUTS: readonly [LogLayout, RegExp][] = [
  ["vanilla", new RegExp(`^\\[\\d{2}:\\d{2}:\\d{2}\\] \\[([^\\]/]+)/${LEVEL}\\]: `)],
  ["paper", new RegExp(`^\\[\\d{2}:\\d{2}:\\d{2} ${LEVEL}\\]: `)],
  [
    "neoforge",
    new RegExp(
      `^\\[\\d{2}[A-Za-z]{3}\\d{4} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}\\] \\[([^\\]/]+)/${LEVEL}\\] \\[([^\\]]*)\\]: `,
    ),
  ],
  ["fabric", new RegExp(`^\\[\\d{2}:\\d{2}:\\d{2}\\] \\[([^\\]/]+)/${LEVEL}\\] \\(([^)]+)\\) `)],
];

/** Splits a line into structure and message; remembers the last layout seen to try it first. */
export class LineFormat {
  private order = [...LAYOUTS];

  parse(line: string): LogLine | undefined {
    if (line.charCodeAt(0) !== 0x5b /* [ */) return undefined;
    for (let i = 0; i < this.order.length; i++) {
      const [layout, pattern] = this.order[i]!;
      const m = pattern.exec(line);
      if (!m) continue;
      if (i > 0) this.order = [this.order[i]!, ...this.order.filter((_, j) => j !== i)];
      const message = line.slice(m[0].length);
      if (layout === "paper") return { layout, thread: undefined, logger: undefined, level: m[1]!, message };
      if (layout === "vanilla") return { layout, thread: m[1], logger: undefined, level: m[2]!, message };
      return { layout, thread: m[1], logger: m[3], level: m[2]!, message };
    }
    return undefined;
  }
}

/**
 * True when the line was logged where vanilla logs chat, joins, quits and deaths: the main server
 * thread, and for NeoForge the MinecraftServer logger. A mod or plugin that logs player text on
 * another thread or logger cannot make it look like a game event.
 */
export function isGameMessage(line: LogLine): boolean {
  if (line.level !== "INFO") return false;
  if (line.layout === "paper") return true;
  // Paper's async chat thread does not exist in vanilla; vanilla chat is logged on "Server thread".
  if (line.thread !== "Server thread") return false;
  if (line.layout === "neoforge") return /(^|[./])MinecraftServer(\/|$)/.test(line.logger ?? "");
  return true;
}

/** The authentication thread that logs `UUID of player <name> is <uuid>` (online mode). */
export function isAuthMessage(line: LogLine): boolean {
  return line.level === "INFO" && (line.thread === undefined || line.thread.startsWith("User Authenticator"));
}

/**
 * The structure of one server log line. In: a line of `logs/latest.log` without its line end.
 * Out: the message part and who logged it, or undefined when the line has none of the known
 * layouts (a stack trace, a continuation, a plugin's own format). Layouts (log4j patterns), each
 * taken from real logs (bridge/tests/fixtures/log-corpus):
 *   vanilla   `[HH:mm:ss] [thread/LEVEL]: msg`  (also Paper, Purpur, Spigot, Folia `latest.log`;
 *             host panels write `[yyyy-MM-dd HH:mm:ss]` in front instead)
 *   Fabric    `[HH:mm:ss] [thread/LEVEL] (logger) msg`
 *   NeoForge  `[ddMMMyyyy HH:mm:ss.SSS] [thread/LEVEL] [logger/marker]: msg`, the month in the
 *             JVM's locale (`[14Jun2024 ...]`, `[267月2024 ...]`, `[10十月2024 ...]`); Forge 1.12 writes `[HH:mm:ss]`
 *   console   `[HH:mm:ss LEVEL]: msg`  (Paper's and Spigot's CONSOLE, not their latest.log; kept
 *             for logs captured from a console; it shows no thread)
 * A message may be empty (`[16:58:54] [main/INFO]:`, a multi-line message follows). A thread name may contain `/` (`RCON Client /0:0:0:0:0:0:0:1 #2`): the level is the part after
 * the LAST `/`. Only the structure before the message is trusted: everything after it may be
 * player text.
 */

export type LogLayout = "vanilla" | "fabric" | "console" | "neoforge";

export interface LogLine {
  layout: LogLayout;
  /** The thread that logged it; undefined for the console layout, which does not show it. */
  thread: string | undefined;
  /** The logger (Fabric, NeoForge); undefined where the layout does not show it. */
  logger: string | undefined;
  level: string;
  message: string;
}

const LEVEL = "(INFO|WARN|ERROR|DEBUG|TRACE|FATAL)";
/** `HH:mm:ss`, or a panel's `yyyy-MM-dd HH:mm:ss`. */
const TIME = "(?:\\d{4}-\\d{2}-\\d{2} )?\\d{2}:\\d{2}:\\d{2}";
/** `[thread/LEVEL]`: the thread is everything up to the last `/` before the level. */
const THREAD = `\\[([^\\]]+)/${LEVEL}\\]`;
const LAYOUTS: readonly [LogLayout, RegExp][] = [
  ["vanilla", new RegExp(`^\\[${TIME}\\] ${THREAD}:(?: |$)`)],
  [
    "neoforge",
    // The date part is whatever the JVM's locale made of ddMMMyyyy: no space, no bracket.
    new RegExp(`^\\[(?:[^\\s\\]]+ )?\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{3})?\\] ${THREAD} \\[([^\\]]*)\\]:(?: |$)`),
  ],
  ["fabric", new RegExp(`^\\[${TIME}\\] ${THREAD} \\(([^)]+)\\) `)],
  ["console", new RegExp(`^\\[\\d{2}:\\d{2}:\\d{2} ${LEVEL}\\]: `)],
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
      if (layout === "console")
        return { layout, thread: undefined, logger: undefined, level: m[1]!, message };
      if (layout === "vanilla") return { layout, thread: m[1], logger: undefined, level: m[2]!, message };
      return { layout, thread: m[1], logger: m[3], level: m[2]!, message };
    }
    return undefined;
  }
}

/**
 * Where a line may carry game events: `game` lines (the main server thread, Folia's region
 * threads) may be a chat, join, quit or death; `chat` lines (Paper's and Spigot's
 * `Async Chat Thread - #N`) may be chat ONLY, because a chat plugin can render chat as any text,
 * `Steve joined the game` included; `none` for everything else (a mod's or plugin's own logger,
 * another thread, another level).
 */
export type MessageSource = "game" | "chat" | "none";

const CHAT_THREAD = /^Async Chat Thread - #\d+$/;
const REGION_THREAD = /^Region Scheduler Thread #\d+$/;
/** The core loggers that log chat, joins, quits and deaths (NeoForge `net.minecraft...`/Forge 1.12 `minecraft/...`). */
const CORE_LOGGER = /(^|[./])(MinecraftServer|DedicatedServer)(\/|$)/;

export function messageSource(line: LogLine): MessageSource {
  if (line.level !== "INFO") return "none";
  if (line.layout === "console") return "game";
  if (line.layout === "neoforge" && !CORE_LOGGER.test(line.logger ?? "")) return "none";
  // Fabric names the game's own logger `Minecraft`; a mod's lines carry the mod's logger.
  if (line.layout === "fabric" && line.logger !== "Minecraft") return "none";
  const thread = line.thread ?? "";
  if (thread === "Server thread" || REGION_THREAD.test(thread)) return "game";
  return CHAT_THREAD.test(thread) ? "chat" : "none";
}

/** The authentication thread that logs `UUID of player <name> is <uuid>` (online mode). */
export function isAuthMessage(line: LogLine): boolean {
  return line.level === "INFO" && (line.thread === undefined || line.thread.startsWith("User Authenticator"));
}

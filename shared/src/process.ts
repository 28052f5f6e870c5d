/**
 * What every MCP server's process entry does around its own work: answer --help/--version, pick the
 * transport from argv, and stop exactly once (SIGINT, SIGTERM, or stdin closing for stdio) by running
 * the caller's `stop`, flushing the log and exiting 0.
 */
import type { Logger } from "./logger.js";

/** Prints usage or version to stderr and returns true when argv asked for one of them. */
export function answeredInfoFlag(argv: string[], usage: string, version: string): boolean {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stderr.write(`${usage}\n`);
    return true;
  }
  if (argv.includes("--version")) {
    process.stderr.write(`${version}\n`);
    return true;
  }
  return false;
}

export function transportOf(argv: string[]): "http" | "stdio" {
  return argv.includes("--http") || argv.includes("http") ? "http" : "stdio";
}

/** Registers SIGINT/SIGTERM; returns `shutdown(reason)` for other reasons. Runs `stop` once. */
export function stopOnce(logger: Logger, stop: () => Promise<void>): (reason: string) => Promise<void> {
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "shutting down");
    await stop().catch(() => undefined);
    logger.flush();
    setTimeout(() => process.exit(0), 100).unref();
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  return shutdown;
}

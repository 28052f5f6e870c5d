/**
 * pino logger factory. Secrets are redacted by key name wherever they appear. Logs go to
 * stderr by default, so a stdio MCP server never writes logs into its protocol stream.
 */
import { type Logger, pino } from "pino";

export type { Logger };

export const REDACTED_KEYS = [
  "password",
  "token",
  "secret",
  "authorization",
  "rconPassword",
  "eventsToken",
  "jobSecret",
  "boardPassword",
  "sig",
];

export interface LoggerOptions {
  name: string;
  level?: string;
  /** File descriptor to write to; 2 (stderr) unless told otherwise. */
  fd?: number;
}

export function createLogger(options: LoggerOptions): Logger {
  const paths = REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]);
  return pino(
    {
      name: options.name,
      // An empty LOG_LEVEL is unset, as in every config (shared/src/config.ts).
      level: options.level || process.env.LOG_LEVEL?.trim() || "info",
      redact: { paths, censor: "[redacted]" },
      base: { pid: process.pid },
    },
    pino.destination({ fd: options.fd ?? 2, sync: false }),
  );
}

/**
 * The game answers a failed request with a plain string, and the strings changed between versions
 * (2.6: "File doesn't exist", newer: "File does not exist. Filename: x"). This table maps both to a
 * protocol code plus a specific `reason` (in details) by prefix, in ONE place. Unknown strings pass
 * through unchanged as SERVER_ERROR, so nothing the game says is lost.
 */
import { BridgeError, type ErrorCode } from "@mcp-bridge/shared";

export const GAME_REASONS = [
  "FILE_NOT_FOUND",
  "INVALID_PATH",
  "INVALID_EXTENSION",
  "NOT_A_SCRIPT",
  "INVALID_HOSTNAME",
  "MISSING_PARAMS",
  "RAM_NOT_CALCULABLE",
  "SCRIPT_RUNNING",
  "UNKNOWN_METHOD",
  "GAME_ERROR",
] as const;
export type GameReason = (typeof GAME_REASONS)[number];

interface Rule {
  prefixes: string[];
  /** For messages that carry the file name first (removeFile's "Script x.js not found."). */
  pattern?: RegExp;
  reason: GameReason;
  code: ErrorCode;
  hint: string;
}

const RULES: Rule[] = [
  {
    prefixes: ["File doesn't exist", "File does not exist"],
    pattern: /^(?:Text file|Script) .* not found\.?$/s,
    reason: "FILE_NOT_FOUND",
    code: "INVALID_ARGS",
    hint: "Call list_files on that server to see which files exist (names are case-sensitive).",
  },
  {
    prefixes: ["Invalid file path", "Invalid filename"],
    reason: "INVALID_PATH",
    code: "INVALID_ARGS",
    hint: "Use a path like 'dir/name.js': no spaces, '//', '.' or '..' segments.",
  },
  {
    prefixes: ["Invalid file extension"],
    reason: "INVALID_EXTENSION",
    code: "INVALID_ARGS",
    hint:
      "The connected game version does not take this extension: 2.6.0 takes .js .script .txt, 2.6.1 adds .json, " +
      "2.7.0 adds .jsx .ts .tsx, 3.0.0 adds .css. Use .js or .txt, or update Bitburner.",
  },
  {
    prefixes: ["Filename isn't a script", "Filename is not a script", "Not a script"],
    reason: "NOT_A_SCRIPT",
    code: "INVALID_ARGS",
    hint: "calculate_ram works on scripts only; 2.6 knows only .js and .script as scripts (.jsx .ts .tsx came with 2.7.0).",
  },
  {
    prefixes: ["Server hostname invalid", "Invalid hostname"],
    reason: "INVALID_HOSTNAME",
    code: "INVALID_ARGS",
    hint: "Call list_servers for the hostnames the game knows (the default is 'home').",
  },
  {
    prefixes: ["Misses parameters", "Message misses parameters", "Missing params", "Missing parameters"],
    reason: "MISSING_PARAMS",
    code: "SCHEMA_ERROR",
    hint: "The game did not understand the request's parameters; report this as a bug of the MCP server.",
  },
  {
    prefixes: ["Ram cost could not be calculated"],
    reason: "RAM_NOT_CALCULABLE",
    code: "INVALID_ARGS",
    hint: "The script probably has a syntax error; read_file it and fix it, then try again.",
  },
  {
    prefixes: ["Cannot delete a script that is currently running"],
    reason: "SCRIPT_RUNNING",
    code: "INVALID_ARGS",
    hint: "Kill the script in the game (or with the terminal 'kill' command) first, then delete it.",
  },
  {
    prefixes: ["Unknown message received"],
    reason: "UNKNOWN_METHOD",
    code: "UNSUPPORTED",
    hint: "This game version does not have that Remote API method; update Bitburner to use this tool.",
  },
];

const FALLBACK_HINT = "The game refused the request; the message above is the game's own.";

/**
 * The hint for a reason, for tool results. An extension we refused (file-path.ts: details with
 * `accepted`, and `gameVersion` once the game is known) gets what that game takes instead of the
 * table of releases, which is for the game's own refusals.
 */
export function gameHint(reason: unknown, details?: Record<string, unknown>): string | undefined {
  if (reason === "GAME_ERROR") return FALLBACK_HINT;
  const accepted = details?.accepted;
  if ((reason === "INVALID_EXTENSION" || reason === "NOT_A_SCRIPT") && Array.isArray(accepted)) {
    const list = accepted.join(" ");
    if (details?.gameVersion === undefined) {
      return `No Bitburner release takes that through the Remote API; use ${list}.`;
    }
    const use = reason === "NOT_A_SCRIPT" ? `calculate_ram works on scripts: ${list}` : `Use ${list}`;
    const update = details.needs === undefined ? "" : `, or update Bitburner to ${details.needs} or newer`;
    return `The connected game is Bitburner ${details.gameVersion}. ${use}${update}.`;
  }
  return RULES.find((r) => r.reason === reason)?.hint;
}

/** The BridgeError for an error string the game sent in reply to `method`. */
export function gameError(message: string, method: string): BridgeError {
  const rule = RULES.find((r) => r.prefixes.some((p) => message.startsWith(p)) || r.pattern?.test(message));
  const reason: GameReason = rule?.reason ?? "GAME_ERROR";
  const text =
    reason === "UNKNOWN_METHOD"
      ? `This Bitburner version does not support ${method} (it answered '${message}')`
      : `Bitburner: ${message}`;
  return new BridgeError(rule?.code ?? "SERVER_ERROR", text, {
    details: { reason, method, gameMessage: message },
  });
}

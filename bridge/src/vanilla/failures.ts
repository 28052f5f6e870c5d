/**
 * Errors vanilla reports as text, in the wording of every known version (1.21.9 changed
 * "Unknown or incomplete command, see below for error" to "... command. See below for error" and
 * "Integer must not be less than %s, found %s" to "...than %s: found %s").
 * In: the answer text (formatting is stripped here). Out: a BridgeError, or undefined for no failure.
 */
import { BridgeError } from "@mcp-bridge/shared";
import { stripFormatting } from "./formatting.js";
import { allWordings, templateRegex } from "./game-text.js";

/**
 * Spigot answers an unknown command with its own text (spigot.yml messages.unknown-command, default
 * below; Paper uses vanilla's). Seen in real Spigot and older Paper logs (vanilla-corpus/failure.json).
 */
const BUKKIT_UNKNOWN_COMMAND = 'Unknown command. Type "/help" for help.';

const MISSING_PLAYER_KEYS = [
  "argument.entity.notfound.player",
  "argument.entity.notfound.entity",
  "argument.player.unknown",
];

function mentions(text: string, key: string): boolean {
  return allWordings(key).some((wording) => text.includes(wording));
}

function firstMatch(text: string, key: string, groups: readonly string[]): string | undefined {
  for (const wording of allWordings(key)) {
    const match = templateRegex(wording, groups, "").exec(text);
    if (match) return match[0];
  }
  return undefined;
}

export function mentionsMissingPlayer(answer: string): boolean {
  const text = stripFormatting(answer);
  return MISSING_PLAYER_KEYS.some((key) => mentions(text, key));
}

/** "No player was found" / "That player does not exist" (not "No entity was found"). */
export function mentionsMissingNamedPlayer(answer: string): boolean {
  const text = stripFormatting(answer);
  return mentions(text, "argument.entity.notfound.player") || mentions(text, "argument.player.unknown");
}

/**
 * `commandIsUsers` = the caller wrote the command (execute_command): syntax errors are then
 * INVALID_COMMAND; for commands the bridge built they are INVALID_ARGS (an unknown item or dimension
 * came from the arguments). Player-not-found is left to the caller, which knows who was meant.
 */
export function classifyFailure(answer: string, commandIsUsers: boolean): BridgeError | undefined {
  const clean = stripFormatting(answer);
  const text = clean.slice(0, 500);
  if (
    mentions(clean, "command.unknown.command") ||
    mentions(clean, "command.unknown.argument") ||
    clean.includes(BUKKIT_UNKNOWN_COMMAND)
  ) {
    return new BridgeError("INVALID_COMMAND", `the server did not accept the command: ${text}`, {
      details: { answer: text },
    });
  }
  const argumentProblem =
    firstMatch(clean, "argument.dimension.invalid", ["[^']*"]) ??
    firstMatch(clean, "argument.item.id.invalid", ["[^']*"]) ??
    firstMatch(clean, "commands.give.failed.toomanyitems", ["\\d+", ".+"]) ??
    firstMatch(clean, "argument.integer.low", ["-?\\d+", "-?\\d+"]) ??
    firstMatch(clean, "argument.integer.big", ["-?\\d+", "-?\\d+"]) ??
    (mentions(clean, "commands.teleport.invalidPosition")
      ? allWordings("commands.teleport.invalidPosition")[0]
      : undefined);
  if (argumentProblem || mentions(clean, "command.context.here")) {
    const reason = argumentProblem ?? text;
    return commandIsUsers
      ? new BridgeError("INVALID_COMMAND", `the server did not accept the command: ${reason}`, {
          details: { answer: text },
        })
      : new BridgeError("INVALID_ARGS", `the server refused the arguments: ${reason}`, {
          details: { answer: text },
        });
  }
  if (mentions(clean, "command.failed")) {
    return new BridgeError("SERVER_ERROR", `the command failed on the server: ${text}; see the server log`, {
      details: { answer: text },
    });
  }
  return undefined;
}

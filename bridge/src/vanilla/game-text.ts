/**
 * The English text vanilla Minecraft 1.21 answers over RCON, and parsers for it.
 * In: the answer text of one vanilla command. Out: the numbers and names in it, or a BridgeError.
 * Every string is quoted from the game's en_us.json (minecraft-data 3.117.0,
 * data/pc/1.21.1/language.json); the translation key is named beside each one. Over RCON the
 * server appends the messages of one command to a buffer, possibly without a separator, so the
 * parsers search the text rather than splitting it into lines.
 */
import { BridgeError } from "@mcp-bridge/shared";

/** Translation keys and their en_us text, for error messages and tests. */
export const GAME_TEXT = {
  /** commands.list.players */
  listPlayers: "There are %s of a max of %s players online: %s",
  /** commands.time.query */
  timeQuery: "The time is %s",
  /** commands.execute.conditional.pass / .fail */
  testPassed: "Test passed",
  testFailed: "Test failed",
  /** commands.tick.status.frozen */
  tickFrozen: "The game is frozen",
  /** commands.tick.query.rate.running */
  tickRateRunning: "Target tick rate: %s per second.\nAverage time per tick: %sms (Target: %sms)",
  /** commands.tick.query.rate.sprinting */
  tickRateSprinting:
    "Target tick rate: %s per second (ignored, reference only).\nAverage time per tick: %sms",
  /** commands.teleport.success.location.single */
  teleported: "Teleported %s to %s, %s, %s",
  /** commands.give.success.single */
  gave: "Gave %s %s to %s",
  /** commands.data.entity.query */
  entityData: "%s has the following entity data: %s",
  /** command.unknown.command */
  unknownCommand: "Unknown or incomplete command, see below for error",
  /** command.unknown.argument */
  incorrectArgument: "Incorrect argument for command",
  /** command.context.here: brigadier marks where parsing stopped */
  parseMarker: "<--[HERE]",
  /** argument.entity.notfound.player / argument.entity.notfound.entity / argument.player.unknown */
  noPlayer: "No player was found",
  noEntity: "No entity was found",
  playerUnknown: "That player does not exist",
  /** argument.dimension.invalid */
  unknownDimension: "Unknown dimension '%s'",
  /** argument.item.id.invalid */
  unknownItem: "Unknown item '%s'",
  /** commands.give.failed.toomanyitems */
  tooManyItems: "Can't give more than %s of %s",
  /** commands.teleport.invalidPosition */
  invalidPosition: "Invalid position for teleport",
  /** command.failed */
  commandFailed: "An unexpected error occurred trying to execute that command",
} as const;

const NUM = "(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)";

function unexpected(what: string, answer: string): BridgeError {
  return new BridgeError(
    "SERVER_ERROR",
    `unexpected answer to ${what}: "${answer.slice(0, 200)}"; is this a Minecraft 1.21 server with English messages?`,
    { details: { answer: answer.slice(0, 1000) } },
  );
}

export interface OnlinePlayers {
  online: number;
  max: number;
  players: string[];
}

/** `list` -> "There are 2 of a max of 20 players online: Alice, Bob". */
export function parseList(answer: string): OnlinePlayers {
  const match = /There are (\d+) of a max of (\d+) players online:(.*)$/s.exec(answer);
  if (!match) throw unexpected("list", answer);
  const players = match[3]!
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  return { online: Number(match[1]), max: Number(match[2]), players };
}

/** `time query daytime` -> "The time is 6000". */
export function parseTimeQuery(answer: string): number {
  const match = /The time is (-?\d+)/.exec(answer);
  if (!match) throw unexpected("time query daytime", answer);
  return Math.max(0, Number(match[1]));
}

/**
 * `tick query` -> ticks per second actually reached: 0 when frozen; when sprinting the target is
 * ignored, so 1000 / mspt; otherwise the target rate, lower when a tick takes longer than its slot.
 */
export function parseTickQuery(answer: string): number {
  if (answer.includes(GAME_TEXT.tickFrozen)) return 0;
  const rate = new RegExp(`Target tick rate: ${NUM} per second`).exec(answer);
  const mspt = new RegExp(`Average time per tick: ${NUM}ms`).exec(answer);
  if (!rate || !mspt) throw unexpected("tick query", answer);
  const target = Number(rate[1]);
  const perTick = Number(mspt[1]);
  const reached = perTick > 0 ? 1000 / perTick : target;
  const tps = answer.includes("(ignored, reference only)") ? reached : Math.min(target, reached);
  return Math.round(tps * 100) / 100;
}

/** `execute if ...` -> true for "Test passed", false for "Test failed". */
export function parseTest(answer: string): boolean {
  if (answer.includes(GAME_TEXT.testPassed)) return true;
  if (answer.includes(GAME_TEXT.testFailed)) return false;
  throw unexpected("an execute if test", answer);
}

/** `tp` -> "Teleported Steve to 1.500000, 64.000000, -3.250000". */
export function parseTeleported(answer: string): { player: string; x: number; y: number; z: number } {
  const match = new RegExp(`Teleported (\\S+) to ${NUM}, ${NUM}, ${NUM}`).exec(answer);
  if (!match) throw unexpected("tp", answer);
  return { player: match[1]!, x: Number(match[2]), y: Number(match[3]), z: Number(match[4]) };
}

/** `give` -> "Gave 5 [Diamond] to Steve": the count given and the player's name. */
export function parseGave(answer: string): { count: number; player: string } {
  const match = /Gave (\d+) .* to (\S+)/s.exec(answer);
  if (!match) throw unexpected("give", answer);
  return { count: Number(match[1]), player: match[2]! };
}

/** `data get entity <p> [path]` -> the entity's name and the SNBT text after the colon. */
export function parseEntityData(answer: string): { name: string; snbt: string } {
  const marker = " has the following entity data: ";
  const at = answer.indexOf(marker);
  if (at < 0) throw unexpected("data get entity", answer);
  return { name: answer.slice(0, at).trim(), snbt: answer.slice(at + marker.length).trim() };
}

export function mentionsMissingPlayer(answer: string): boolean {
  return [GAME_TEXT.noPlayer, GAME_TEXT.noEntity, GAME_TEXT.playerUnknown].some((text) =>
    answer.includes(text),
  );
}

/**
 * Errors vanilla reports as text. `commandIsUsers` = the caller wrote the command (execute_command):
 * syntax errors are then INVALID_COMMAND; for commands the bridge built they are INVALID_ARGS
 * (an unknown item or dimension came from the arguments). Player-not-found is left to the caller,
 * which knows who was meant and adds the online players.
 */
export function classifyFailure(answer: string, commandIsUsers: boolean): BridgeError | undefined {
  const text = answer.slice(0, 500);
  if (answer.includes(GAME_TEXT.unknownCommand) || answer.includes(GAME_TEXT.incorrectArgument)) {
    return new BridgeError("INVALID_COMMAND", `the server did not accept the command: ${text}`, {
      details: { answer: text },
    });
  }
  const argumentProblem =
    /Unknown (?:dimension|item) '[^']*'/.exec(answer) ??
    /Can't give more than \d+ of .+/.exec(answer) ??
    (answer.includes(GAME_TEXT.invalidPosition) ? [GAME_TEXT.invalidPosition] : null);
  if (argumentProblem || answer.includes(GAME_TEXT.parseMarker)) {
    const reason = argumentProblem?.[0] ?? text;
    return commandIsUsers
      ? new BridgeError("INVALID_COMMAND", `the server did not accept the command: ${reason}`, {
          details: { answer: text },
        })
      : new BridgeError("INVALID_ARGS", `the server refused the arguments: ${reason}`, {
          details: { answer: text },
        });
  }
  if (answer.includes(GAME_TEXT.commandFailed)) {
    return new BridgeError("SERVER_ERROR", `the command failed on the server: ${text}; see the server log`, {
      details: { answer: text },
    });
  }
  return undefined;
}

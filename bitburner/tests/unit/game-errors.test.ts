import { describe, expect, it } from "vitest";
import { gameError, gameHint } from "../../src/game/game-errors.js";

describe("gameError maps both game versions' strings by prefix", () => {
  const cases: [string, string, string][] = [
    ["File doesn't exist", "INVALID_ARGS", "FILE_NOT_FOUND"],
    ["File does not exist. Filename: a.js", "INVALID_ARGS", "FILE_NOT_FOUND"],
    ["Script a.js not found.", "INVALID_ARGS", "FILE_NOT_FOUND"],
    ["Text file n.txt not found.", "INVALID_ARGS", "FILE_NOT_FOUND"],
    ["Invalid file path", "INVALID_ARGS", "INVALID_PATH"],
    ["Invalid file path: a b.js", "INVALID_ARGS", "INVALID_PATH"],
    ["Invalid filename", "INVALID_ARGS", "INVALID_PATH"],
    ["Invalid file extension", "INVALID_ARGS", "INVALID_EXTENSION"],
    ["Filename isn't a script filename", "INVALID_ARGS", "NOT_A_SCRIPT"],
    ["Server hostname invalid", "INVALID_ARGS", "INVALID_HOSTNAME"],
    ["Invalid hostname: nope", "INVALID_ARGS", "INVALID_HOSTNAME"],
    ["Misses parameters", "SCHEMA_ERROR", "MISSING_PARAMS"],
    ["Message misses parameters", "SCHEMA_ERROR", "MISSING_PARAMS"],
    ["Missing params", "SCHEMA_ERROR", "MISSING_PARAMS"],
    ["Ram cost could not be calculated", "INVALID_ARGS", "RAM_NOT_CALCULABLE"],
    ["Cannot delete a script that is currently running!", "INVALID_ARGS", "SCRIPT_RUNNING"],
    ["Unknown message received", "UNSUPPORTED", "UNKNOWN_METHOD"],
    ["Something new the game says", "SERVER_ERROR", "GAME_ERROR"],
  ];
  it.each(cases)("%s -> %s / %s", (message, code, reason) => {
    const error = gameError(message, "getFile");
    expect(error.code).toBe(code);
    expect(error.details).toMatchObject({ reason, gameMessage: message, method: "getFile" });
    expect(gameHint(reason)).toBeTruthy();
  });

  it("keeps the game's words, and names the method for an unsupported one", () => {
    expect(gameError("Something new", "getFile").message).toBe("Bitburner: Something new");
    expect(gameError("Unknown message received", "getFileMetadata").message).toContain(
      "does not support getFileMetadata",
    );
  });
});

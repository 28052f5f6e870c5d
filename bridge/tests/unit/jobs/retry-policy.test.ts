import { BridgeError } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { decideFailure, failureMessage } from "../../../src/jobs/retry-policy.js";

const conn = (sent?: boolean) =>
  new BridgeError("CONNECTION_ERROR", "dropped", sent === undefined ? {} : { details: { sent } });

describe("retry decision table", () => {
  const table: Array<[string, BridgeError, boolean, "mod" | "vanilla" | undefined, boolean]> = [
    ["read, connection dropped after send", conn(true), false, "vanilla", true],
    ["read, timeout", new BridgeError("TIMEOUT", "t", { details: { sent: true } }), false, "mod", true],
    ["vanilla write, never sent", conn(false), true, "vanilla", true],
    ["vanilla write, sent then dropped", conn(true), true, "vanilla", false],
    [
      "vanilla write, timeout after send",
      new BridgeError("TIMEOUT", "t", { details: { sent: true } }),
      true,
      "vanilla",
      false,
    ],
    ["vanilla write, unknown whether sent", conn(), true, "vanilla", false],
    ["mod write, sent then dropped (idempotent replay)", conn(true), true, "mod", true],
    ["write before any server was reached", conn(false), true, undefined, true],
    ["permission denied", new BridgeError("PERMISSION_DENIED", "no"), false, "mod", false],
    ["invalid args", new BridgeError("INVALID_ARGS", "no"), true, "mod", false],
    ["player not found", new BridgeError("PLAYER_NOT_FOUND", "no"), false, "vanilla", false],
    ["auth failed", new BridgeError("AUTH_FAILED", "no"), false, undefined, false],
  ];
  it.each(table)("%s", (_name, error, write, mode, retry) => {
    const decision = decideFailure(error, { write, mode });
    expect(decision.retry).toBe(retry);
    expect(decision.error.code).toBe(error.code);
  });

  it("says a vanilla write may or may not have run", () => {
    const decision = decideFailure(conn(true), { write: true, mode: "vanilla" });
    expect(decision.error.message).toMatch(/may or may not have run/);
    expect(decision.error.details).toMatchObject({ mayHaveRun: true, sent: true });
    expect(failureMessage(decision.error)).toMatch(/^CONNECTION_ERROR: dropped; /);
  });

  it("wraps anything thrown as a non-retryable SERVER_ERROR", () => {
    const decision = decideFailure(new TypeError("boom"), { write: false, mode: "mod" });
    expect(decision).toMatchObject({ retry: false, error: { code: "SERVER_ERROR", message: "boom" } });
  });
});

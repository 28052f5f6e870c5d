/**
 * What to do with a failed job: retry (BullMQ backs off and runs it again) or fail for good.
 * Reads retry on transient errors; writes only when the command never reached the server
 * (details.sent === false) or when the mod's idempotency cache makes a replay safe.
 */
import { BridgeError, errorDetails } from "@mcp-bridge/shared";
import type { Mode } from "./mod-command.js";

export type FailureDecision = { retry: true; error: BridgeError } | { retry: false; error: BridgeError };

export interface FailureContext {
  write: boolean;
  /** The mode the attempt ran in; undefined when it failed before reaching a server. */
  mode: Mode | undefined;
}

export function decideFailure(thrown: unknown, context: FailureContext): FailureDecision {
  const error = BridgeError.from(thrown);
  if (!error.retryable) return { retry: false, error };
  if (!context.write) return { retry: true, error };
  const { sent } = errorDetails(error.code, error.details);
  if (sent === false || context.mode === "mod") return { retry: true, error };
  return {
    retry: false,
    error: new BridgeError(
      error.code,
      `${error.message}; the write may or may not have run on the server (no mod idempotency in vanilla mode), so it is not retried: check the game state before sending it again`,
      {
        details: { ...error.details, sent: sent ?? "unknown", mayHaveRun: true },
        retryable: false,
        cause: error,
      },
    ),
  };
}

/** The message BullMQ stores as failedReason: `CODE: message`. */
export function failureMessage(error: BridgeError): string {
  return `${error.code}: ${error.message}`;
}

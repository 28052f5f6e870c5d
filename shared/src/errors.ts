/**
 * The protocol's error codes and the one error class every part of the TypeScript side throws.
 * Codes are the original protocol's nine plus the ones this design needs (UNSUPPORTED, RATE_LIMITED, and
 * JOB_EXPIRED / JOB_REPLAYED for signed jobs that are too old or repeat a write whose outcome is unknown).
 * Edges convert a BridgeError: bridge -> retry or UnrecoverableError; mcp -> isError tool result.
 */
export const ERROR_CODES = [
  "AUTH_FAILED",
  "PERMISSION_DENIED",
  "INVALID_COMMAND",
  "PLAYER_NOT_FOUND",
  "CONNECTION_ERROR",
  "SCHEMA_ERROR",
  "SERVER_ERROR",
  "TIMEOUT",
  "INVALID_ARGS",
  "UNSUPPORTED",
  "RATE_LIMITED",
  "JOB_EXPIRED",
  "JOB_REPLAYED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Whether an operation that failed with this code may succeed if tried again unchanged. A failure
 * whose details say `mayHaveRun` is never retryable (resending could run a write twice), and the
 * MCP server marks a job that is still queued not retryable (it may still run).
 */
export const RETRYABLE_BY_DEFAULT: Readonly<Record<ErrorCode, boolean>> = {
  AUTH_FAILED: false,
  PERMISSION_DENIED: false,
  INVALID_COMMAND: false,
  PLAYER_NOT_FOUND: false,
  CONNECTION_ERROR: true,
  SCHEMA_ERROR: false,
  SERVER_ERROR: false,
  TIMEOUT: true,
  INVALID_ARGS: false,
  UNSUPPORTED: false,
  RATE_LIMITED: true,
  JOB_EXPIRED: false,
  JOB_REPLAYED: false,
};

/** One line per code saying what the caller can do about it; used for hints. */
export const ERROR_HINTS: Readonly<Record<ErrorCode, string>> = {
  AUTH_FAILED: "Send a valid bearer token (see the policy file's clients).",
  PERMISSION_DENIED: "Your role does not allow this; ask the admin or use an allowed tool/command.",
  INVALID_COMMAND: "Fix the command syntax or use a command the server's whitelist allows.",
  PLAYER_NOT_FOUND: "Check the name with get_online_players; the player must be online.",
  CONNECTION_ERROR: "The Minecraft server or Redis is unreachable; the request can be retried later.",
  SCHEMA_ERROR: "The message did not match the protocol schema; fix the named field.",
  SERVER_ERROR: "The server failed internally; check the server logs.",
  TIMEOUT:
    "The operation did not finish in time. A read can be sent again; for a write, check the game state first (it may have run).",
  INVALID_ARGS: "Fix the named argument and call again.",
  UNSUPPORTED: "This needs the Minecraft MCP Bridge mod installed on the server.",
  RATE_LIMITED: "Too many calls; wait a little and try again.",
  JOB_EXPIRED:
    "The job waited in the queue longer than the bridge's JOB_MAX_AGE_MS and was not run; check the game state and send the request again if it is still wanted.",
  JOB_REPLAYED:
    "This request was already sent to the server by another job, whose outcome is unknown, so it is not run again. Check the game state and send a new request if it is still wanted.",
};

export interface ErrorPayloadLike {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export interface BridgeErrorOptions {
  details?: Record<string, unknown>;
  retryable?: boolean;
  cause?: unknown;
  /** The queued job the error belongs to (not part of the payload; results name it in _meta). */
  jobId?: string;
}

export class BridgeError extends Error {
  override readonly name = "BridgeError";
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;
  readonly jobId: string | undefined;

  constructor(code: ErrorCode, message: string, options: BridgeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.jobId = options.jobId;
    this.retryable =
      options.retryable ?? (RETRYABLE_BY_DEFAULT[code] && options.details?.mayHaveRun !== true);
    this.details = options.details;
  }

  /** The protocol error payload `{code, message, details?}`. */
  toPayload(): ErrorPayloadLike {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static fromPayload(payload: ErrorPayloadLike, options: Omit<BridgeErrorOptions, "details"> = {}) {
    return new BridgeError(payload.code, payload.message, { ...options, details: payload.details });
  }

  /** Wraps anything thrown into a BridgeError, keeping BridgeErrors as they are. */
  static from(error: unknown, fallback: ErrorCode = "SERVER_ERROR"): BridgeError {
    if (error instanceof BridgeError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new BridgeError(fallback, message, { cause: error });
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

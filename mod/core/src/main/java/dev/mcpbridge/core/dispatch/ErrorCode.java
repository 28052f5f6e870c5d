package dev.mcpbridge.core.dispatch;

/** The protocol's error codes (shared/src/errors.ts). */
public enum ErrorCode {
    AUTH_FAILED, PERMISSION_DENIED, INVALID_COMMAND, PLAYER_NOT_FOUND, CONNECTION_ERROR, SCHEMA_ERROR,
    SERVER_ERROR, TIMEOUT, INVALID_ARGS, UNSUPPORTED, RATE_LIMITED,
    /** Bridge only: a signed job older than the bridge's maximum age. */
    JOB_EXPIRED,
    /** Bridge only: a copy of a job whose request id already ran. */
    JOB_REPLAYED
}

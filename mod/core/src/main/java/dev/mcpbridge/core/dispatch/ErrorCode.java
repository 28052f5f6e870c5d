package dev.mcpbridge.core.dispatch;

/** The protocol's error codes (shared/src/errors.ts). */
public enum ErrorCode {
    AUTH_FAILED, PERMISSION_DENIED, INVALID_COMMAND, PLAYER_NOT_FOUND, CONNECTION_ERROR, SCHEMA_ERROR,
    SERVER_ERROR, TIMEOUT, INVALID_ARGS, UNSUPPORTED, RATE_LIMITED,
    /** Bridge only: a signed job older than the bridge's maximum age. */
    JOB_EXPIRED,
    /** Bridge only: another job of a write whose first run may have reached the server with an unknown outcome. */
    JOB_REPLAYED
}

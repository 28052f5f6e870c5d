package dev.mcpbridge.core.dispatch;

/** The protocol's error codes (shared/src/errors.ts). */
public enum ErrorCode {
    AUTH_FAILED, PERMISSION_DENIED, INVALID_COMMAND, PLAYER_NOT_FOUND, CONNECTION_ERROR, SCHEMA_ERROR,
    SERVER_ERROR, TIMEOUT, INVALID_ARGS, UNSUPPORTED, RATE_LIMITED
}

package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonObject;

/**
 * A failure the caller can act on: a protocol error code, a message saying what to fix, and optional
 * details (e.g. {@code field}). The dispatcher turns it into an error envelope; it never escapes the core.
 */
public final class BridgeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final transient JsonObject details;

    public BridgeException(ErrorCode code, String message, JsonObject details, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.details = details;
    }

    public BridgeException(ErrorCode code, String message, JsonObject details) {
        this(code, message, details, null);
    }

    public BridgeException(ErrorCode code, String message) {
        this(code, message, null, null);
    }

    /** The reason for a required field that is absent. */
    public static final String MISSING = "required field missing";

    /** SCHEMA_ERROR or INVALID_ARGS naming the offending field, as shared/src/validate.ts does. */
    public static BridgeException field(ErrorCode code, String field, String reason) {
        JsonObject details = new JsonObject();
        details.addProperty("field", field);
        details.addProperty("reason", reason);
        String what = code == ErrorCode.INVALID_ARGS ? "Invalid argument" : "Message failed schema validation";
        String problem = MISSING.equals(reason) ? "is missing" : "is invalid (" + reason + ")";
        return new BridgeException(code, what + ": field '" + field + "' " + problem, details);
    }

    public ErrorCode code() {
        return code;
    }

    /** May be null. */
    public JsonObject details() {
        return details;
    }

    /** The protocol error payload {code, message, details?}. */
    public JsonObject toPayload() {
        JsonObject payload = new JsonObject();
        payload.addProperty("code", code.name());
        payload.addProperty("message", getMessage());
        if (details != null) payload.add("details", details.deepCopy());
        return payload;
    }
}

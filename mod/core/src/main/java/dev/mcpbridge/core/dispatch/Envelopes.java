package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.ModInfo;

/** Builds the envelopes the mod sends: response, error, and the generic shape. */
public final class Envelopes {
    /** Used as the id of an error answer when the request carried no usable id. */
    public static final String UNKNOWN_ID = "unknown";

    private Envelopes() {}

    public static JsonObject envelope(String type, String id, JsonElement payload) {
        JsonObject e = new JsonObject();
        e.addProperty("version", ModInfo.PROTOCOL_VERSION);
        e.addProperty("type", type);
        e.addProperty("id", id);
        e.addProperty("timestamp", System.currentTimeMillis());
        e.addProperty("source", "minecraft");
        e.add("payload", payload);
        return e;
    }

    /** A success response; {@code data} may be null (omitted). */
    public static JsonObject response(String id, JsonElement data, boolean replay) {
        JsonObject payload = new JsonObject();
        payload.addProperty("success", true);
        if (data != null) payload.add("data", data);
        if (replay) payload.addProperty("replay", true);
        return envelope("response", id, payload);
    }

    public static JsonObject error(String id, BridgeException error) {
        return envelope("error", id == null ? UNKNOWN_ID : id, error.toPayload());
    }
}

package dev.mcpbridge.core.ops.args;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;

/** {@code target} null = broadcast to every online player. */
public record SendMessageArgs(String message, String target) implements OpArgs {
    public static SendMessageArgs parse(JsonFields f) {
        String message = f.string("message", 1, ArgRules.MAX_MESSAGE_LENGTH, null, null);
        String target = f.optionalString("target", 0, Integer.MAX_VALUE, ArgRules.PLAYER_NAME, ArgRules.PLAYER_NAME_REASON);
        return new SendMessageArgs(message, target);
    }

    @Override
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("message", message);
        if (target != null) o.addProperty("target", target);
        return o;
    }
}

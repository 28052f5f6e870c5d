package dev.mcpbridge.core.ops.args;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;

/** Operations without arguments accept {} (unknown keys are ignored, as zod strips them). */
public record EmptyArgs() implements OpArgs {
    public static EmptyArgs parse(JsonFields f) {
        return new EmptyArgs();
    }

    @Override
    public JsonObject toJson() {
        return new JsonObject();
    }
}

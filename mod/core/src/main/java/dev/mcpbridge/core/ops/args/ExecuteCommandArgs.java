package dev.mcpbridge.core.ops.args;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;

public record ExecuteCommandArgs(String command) implements OpArgs {
    public static ExecuteCommandArgs parse(JsonFields f) {
        return new ExecuteCommandArgs(f.string("command", 1, ArgRules.MAX_COMMAND_LENGTH, null, null));
    }

    @Override
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("command", command);
        return o;
    }
}

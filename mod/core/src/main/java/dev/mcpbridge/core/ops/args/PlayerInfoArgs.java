package dev.mcpbridge.core.ops.args;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;

public record PlayerInfoArgs(String player) implements OpArgs {
    public static PlayerInfoArgs parse(JsonFields f) {
        return new PlayerInfoArgs(ArgRules.player(f, "player"));
    }

    @Override
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("player", player);
        return o;
    }
}

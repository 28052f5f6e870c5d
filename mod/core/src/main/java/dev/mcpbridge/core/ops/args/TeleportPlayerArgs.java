package dev.mcpbridge.core.ops.args;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;

/** {@code world} null = the player's current world. */
public record TeleportPlayerArgs(String player, double x, double y, double z, String world) implements OpArgs {
    public static TeleportPlayerArgs parse(JsonFields f) {
        String player = ArgRules.player(f, "player");
        double x = ArgRules.coordinate(f, "x");
        double y = ArgRules.coordinate(f, "y");
        double z = ArgRules.coordinate(f, "z");
        return new TeleportPlayerArgs(player, x, y, z, ArgRules.optionalWorld(f, "world"));
    }

    @Override
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("player", player);
        o.add("x", JsonFields.num(x));
        o.add("y", JsonFields.num(y));
        o.add("z", JsonFields.num(z));
        if (world != null) o.addProperty("world", world);
        return o;
    }
}

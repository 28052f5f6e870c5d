package dev.mcpbridge.core.ops.args;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;

/** {@code world} null = the overworld. The protocol caps radius at 32; the config may cap it lower. */
public record WorldInfoArgs(double x, double y, double z, int radius, String world) implements OpArgs {
    public static WorldInfoArgs parse(JsonFields f) {
        double x = ArgRules.coordinate(f, "x");
        double y = ArgRules.coordinate(f, "y");
        double z = ArgRules.coordinate(f, "z");
        int radius = (int) f.number("radius", 0, ArgRules.WORLD_INFO_MAX_RADIUS, true);
        return new WorldInfoArgs(x, y, z, radius, ArgRules.optionalWorld(f, "world"));
    }

    @Override
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.add("x", JsonFields.num(x));
        o.add("y", JsonFields.num(y));
        o.add("z", JsonFields.num(z));
        o.addProperty("radius", radius);
        if (world != null) o.addProperty("world", world);
        return o;
    }
}

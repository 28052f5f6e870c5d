package dev.mcpbridge.core.ops;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.ops.args.ArgRules;
import dev.mcpbridge.core.ops.args.OpArgs;
import dev.mcpbridge.core.spi.GameAccess;
import dev.mcpbridge.core.spi.GameAccess.EntityView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * get_nearby_mobs: the mobs within a sphere of {@code radius} blocks, nearest first, at most {@code limit},
 * each with its type, custom name (cut to {@link #MAX_NAME_CHARS}), position and distance; {@code total}
 * says how many were within the radius. Unlike get_world_info it reads no block, so a radius of 128 costs
 * what the entity lookup costs, not 257^3 block reads.
 */
final class NearbyMobsOp {
    /** Custom names are free text of any length: cut, so one mob cannot fill an answer (or a prompt). */
    static final int MAX_NAME_CHARS = 64;

    /** {@code world} null = the overworld; {@code limit} absent = {@link ArgRules#NEARBY_MOBS_DEFAULT_LIMIT}. */
    record Args(double x, double y, double z, int radius, String world, Integer requestedLimit) implements OpArgs {
        static Args parse(JsonFields f) {
            double x = ArgRules.coordinate(f, "x");
            double y = ArgRules.coordinate(f, "y");
            double z = ArgRules.coordinate(f, "z");
            int radius = (int) f.number("radius", 1, ArgRules.NEARBY_MOBS_MAX_RADIUS, true);
            String world = ArgRules.optionalWorld(f, "world");
            Double limit = f.optionalNumber("limit", 1, ArgRules.NEARBY_MOBS_MAX_LIMIT, true);
            return new Args(x, y, z, radius, world, limit == null ? null : limit.intValue());
        }

        int limit() {
            return requestedLimit == null ? ArgRules.NEARBY_MOBS_DEFAULT_LIMIT : requestedLimit;
        }

        @Override
        public JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.add("x", JsonFields.num(x));
            o.add("y", JsonFields.num(y));
            o.add("z", JsonFields.num(z));
            o.addProperty("radius", radius);
            if (world != null) o.addProperty("world", world);
            if (requestedLimit != null) o.addProperty("limit", requestedLimit);
            return o;
        }
    }

    private record Near(EntityView mob, double distance) {}

    private NearbyMobsOp() {}

    static JsonElement run(Args args, OpContext ctx) {
        GameAccess game = ctx.game();
        String world = Worlds.resolve(game, args.world(), Worlds.overworld(game));
        List<Near> near = new ArrayList<>();
        for (EntityView e : game.mobsWithin(world, args.x(), args.y(), args.z(), args.radius())) {
            double dx = e.x() - args.x();
            double dy = e.y() - args.y();
            double dz = e.z() - args.z();
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (d <= args.radius()) near.add(new Near(e, d)); // the platform's box may be wider than the sphere
        }
        near.sort(Comparator.comparingDouble(Near::distance).thenComparing(n -> n.mob().type()));

        JsonArray mobs = new JsonArray();
        near.stream().limit(args.limit()).forEach(n -> {
            EntityView e = n.mob();
            JsonObject o = new JsonObject();
            o.addProperty("type", e.type());
            o.add("name", e.name() == null ? JsonNull.INSTANCE : new JsonPrimitive(cut(e.name())));
            o.add("location", Worlds.location(e.world() == null ? world : e.world(), e.x(), e.y(), e.z()));
            o.add("distance", JsonFields.num(Math.round(n.distance() * 10) / 10.0));
            mobs.add(o);
        });
        JsonObject data = new JsonObject();
        data.add("center", Worlds.location(world, args.x(), args.y(), args.z()));
        data.addProperty("radius", args.radius());
        data.add("mobs", mobs);
        data.addProperty("total", near.size());
        data.addProperty("truncated", near.size() > args.limit());
        return data;
    }

    /** At most MAX_NAME_CHARS code points, never half a surrogate pair. */
    static String cut(String name) {
        if (name.codePointCount(0, name.length()) <= MAX_NAME_CHARS) return name;
        return name.substring(0, name.offsetByCodePoints(0, MAX_NAME_CHARS - 3)) + "...";
    }
}

package dev.mcpbridge.core.ops;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.mcpbridge.core.config.WorldInfoLimits;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.ops.args.ArgRules;
import dev.mcpbridge.core.ops.args.OpArgs;
import dev.mcpbridge.core.spi.GameAccess.EntityView;
import dev.mcpbridge.core.spi.GameAccess;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * get_world_info, kept compact: a palette of every block type in the cube with counts, the non-air
 * blocks nearest first up to a limit, entities nearest first up to a limit, and {@code truncated}
 * when either list was cut.
 */
final class WorldInfoOp {
    /** {@code world} null = the overworld. The protocol caps radius at 32; the config may cap it lower. */
    record Args(double x, double y, double z, int radius, String world) implements OpArgs {
        static Args parse(JsonFields f) {
            double x = ArgRules.coordinate(f, "x");
            double y = ArgRules.coordinate(f, "y");
            double z = ArgRules.coordinate(f, "z");
            int radius = (int) f.number("radius", 0, ArgRules.WORLD_INFO_MAX_RADIUS, true);
            return new Args(x, y, z, radius, ArgRules.optionalWorld(f, "world"));
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

    static final Set<String> AIR = Set.of("minecraft:air", "minecraft:cave_air", "minecraft:void_air");

    private record Block(String type, int x, int y, int z, long distance2) {}

    private WorldInfoOp() {}

    static JsonElement run(Args args, OpContext ctx) {
        WorldInfoLimits limits = ctx.config().worldInfo();
        if (args.radius() > limits.maxRadius()) {
            JsonObject details = new JsonObject();
            details.addProperty("field", "payload.args.radius");
            details.addProperty("reason", "above the server's limit");
            details.addProperty("max", limits.maxRadius());
            throw new BridgeException(ErrorCode.INVALID_ARGS, "radius " + args.radius()
                    + " is above this server's limit of " + limits.maxRadius(), details);
        }
        GameAccess game = ctx.game();
        String world = Worlds.resolve(game, args.world(), Worlds.overworld(game));
        int cx = (int) Math.floor(args.x());
        int cy = (int) Math.floor(args.y());
        int cz = (int) Math.floor(args.z());
        int r = args.radius();

        Map<String, Integer> palette = new HashMap<>();
        List<Block> solid = new ArrayList<>();
        for (int dy = -r; dy <= r; dy++) {
            for (int dx = -r; dx <= r; dx++) {
                for (int dz = -r; dz <= r; dz++) {
                    String type = game.blockAt(world, cx + dx, cy + dy, cz + dz);
                    palette.merge(type, 1, Integer::sum);
                    if (!AIR.contains(type)) {
                        solid.add(new Block(type, cx + dx, cy + dy, cz + dz, (long) dx * dx + (long) dy * dy + (long) dz * dz));
                    }
                }
            }
        }
        solid.sort(Comparator.comparingLong(Block::distance2).thenComparingInt(Block::y)
                .thenComparingInt(Block::x).thenComparingInt(Block::z));

        List<EntityView> entities = new ArrayList<>(game.entitiesWithin(world, args.x(), args.y(), args.z(), r));
        entities.sort(Comparator.comparingDouble(e -> distance2(e, args)));

        JsonObject data = new JsonObject();
        data.add("center", Worlds.location(world, cx, cy, cz));
        data.addProperty("radius", r);
        data.add("palette", palette(palette));
        JsonArray blocks = new JsonArray();
        solid.stream().limit(limits.maxBlocksListed()).forEach(b -> {
            JsonObject o = new JsonObject();
            o.addProperty("type", b.type());
            o.add("location", Worlds.location(world, b.x(), b.y(), b.z()));
            blocks.add(o);
        });
        data.add("blocks", blocks);
        JsonArray ents = new JsonArray();
        entities.stream().limit(limits.maxEntities()).forEach(e -> {
            JsonObject o = new JsonObject();
            o.addProperty("type", e.type());
            o.add("location", Worlds.location(e.world() == null ? world : e.world(), e.x(), e.y(), e.z()));
            o.add("name", e.name() == null ? JsonNull.INSTANCE : new JsonPrimitive(e.name()));
            ents.add(o);
        });
        data.add("entities", ents);
        data.addProperty("truncated", solid.size() > limits.maxBlocksListed() || entities.size() > limits.maxEntities());
        return data;
    }

    private static JsonArray palette(Map<String, Integer> counts) {
        JsonArray out = new JsonArray();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> {
                    JsonObject o = new JsonObject();
                    o.addProperty("type", e.getKey());
                    o.addProperty("count", e.getValue());
                    out.add(o);
                });
        return out;
    }

    private static double distance2(EntityView e, Args a) {
        double dx = e.x() - a.x();
        double dy = e.y() - a.y();
        double dz = e.z() - a.z();
        return dx * dx + dy * dy + dz * dz;
    }
}

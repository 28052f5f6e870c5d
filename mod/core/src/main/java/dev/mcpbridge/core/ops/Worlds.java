package dev.mcpbridge.core.ops;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.spi.GameAccess;
import java.util.List;
import java.util.Locale;

/**
 * World names in, dimension ids out: the one world-name rule, the same as shared/src/worlds.ts
 * (both are tested against shared/vectors/game/world-names.json).
 */
public final class Worlds {
    public static final String OVERWORLD = "minecraft:overworld";
    public static final String NETHER = "minecraft:the_nether";
    public static final String END = "minecraft:the_end";

    private Worlds() {}

    /**
     * A namespaced id as it is; world/overworld, world_nether/the_nether/nether, world_the_end/the_end/end
     * and Bukkit's {@code <level>_nether}/{@code <level>_the_end}; any other bare name gets minecraft:.
     */
    public static String normalize(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.contains(":")) return n;
        switch (n) {
            case "world", "overworld" -> { return OVERWORLD; }
            case "world_nether", "the_nether", "nether" -> { return NETHER; }
            case "world_the_end", "the_end", "end" -> { return END; }
            default -> {
                if (n.endsWith("_nether")) return NETHER;
                if (n.endsWith("_the_end")) return END;
                return "minecraft:" + n;
            }
        }
    }

    /**
     * The dimension id of a requested world that the server has loaded; {@code requested} null gives
     * {@code fallback}. Unknown worlds are INVALID_ARGS on {@code payload.args.world}.
     */
    public static String resolve(GameAccess game, String requested, String fallback) {
        if (requested == null) return fallback;
        String id = normalize(requested);
        List<String> loaded = game.worlds();
        if (!loaded.contains(id)) {
            JsonObject details = new JsonObject();
            details.addProperty("field", "payload.args.world");
            details.addProperty("reason", "unknown world");
            throw new BridgeException(ErrorCode.INVALID_ARGS, "Unknown world '" + requested
                    + "'; loaded worlds: " + String.join(", ", loaded), details);
        }
        return id;
    }

    public static String overworld(GameAccess game) {
        List<String> loaded = game.worlds();
        return loaded.isEmpty() ? OVERWORLD : loaded.get(0);
    }

    public static JsonObject location(String world, double x, double y, double z) {
        JsonObject o = new JsonObject();
        o.addProperty("world", normalize(world));
        o.add("x", JsonFields.num(x));
        o.add("y", JsonFields.num(y));
        o.add("z", JsonFields.num(z));
        return o;
    }
}

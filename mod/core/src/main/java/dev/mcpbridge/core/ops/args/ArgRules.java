package dev.mcpbridge.core.ops.args;

import dev.mcpbridge.core.dispatch.JsonFields;
import java.util.regex.Pattern;

/** The building blocks of shared/src/schemas/common.ts and the caps of operations.ts. */
public final class ArgRules {
    public static final Pattern PLAYER_NAME = Pattern.compile("[A-Za-z0-9_]{1,16}");
    public static final String PLAYER_NAME_REASON = "must be 1-16 letters, digits or _";
    public static final Pattern WORLD_NAME = Pattern.compile("[a-z0-9_.-]+(:[a-z0-9_./-]+)?");
    public static final String WORLD_NAME_REASON = "must be a world or dimension id like minecraft:overworld";
    public static final Pattern RESOURCE_ID = Pattern.compile("([a-z0-9_.-]+:)?[a-z0-9_./-]+");
    public static final String RESOURCE_ID_REASON = "must be an id like minecraft:diamond";
    public static final double COORDINATE_LIMIT = 30_000_000;
    public static final int MAX_COMMAND_LENGTH = 1000;
    public static final int MAX_MESSAGE_LENGTH = 1000;
    public static final int GIVE_MAX_QUANTITY = 6400;
    public static final int WORLD_INFO_MAX_RADIUS = 32;
    public static final int NEARBY_MOBS_MAX_RADIUS = 128;
    public static final int NEARBY_MOBS_MAX_LIMIT = 32;
    public static final int NEARBY_MOBS_DEFAULT_LIMIT = 16;

    private ArgRules() {}

    public static String player(JsonFields f, String key) {
        return f.string(key, 0, Integer.MAX_VALUE, PLAYER_NAME, PLAYER_NAME_REASON);
    }

    public static String optionalWorld(JsonFields f, String key) {
        return f.optionalString(key, 0, 128, WORLD_NAME, WORLD_NAME_REASON);
    }

    public static double coordinate(JsonFields f, String key) {
        return f.number(key, -COORDINATE_LIMIT, COORDINATE_LIMIT, false);
    }
}

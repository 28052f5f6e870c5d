package dev.mcpbridge.devserver.world;

/** Namespaced ids and the dimension ids the devserver knows. */
public final class Ids {
    public static final String OVERWORLD = "minecraft:overworld";
    public static final String NETHER = "minecraft:the_nether";
    public static final String END = "minecraft:the_end";

    private Ids() {}

    public static String namespaced(String id) {
        return id.indexOf(':') >= 0 ? id : "minecraft:" + id;
    }
}

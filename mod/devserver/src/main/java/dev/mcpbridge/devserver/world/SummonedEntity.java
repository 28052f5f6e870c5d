package dev.mcpbridge.devserver.world;

import java.util.Set;
import java.util.UUID;

/** An entity made by {@code summon}: where it stands, its custom name and its scoreboard tags. */
public record SummonedEntity(UUID uuid, String type, String dimension, double x, double y, double z,
        String customName, Set<String> tags) {

    /** The name vanilla prints: the custom name, else the type's name ("minecraft:armor_stand" -> "Armor Stand"). */
    public String displayName(String typeName) {
        return customName != null ? customName : typeName;
    }
}

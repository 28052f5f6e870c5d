// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.entity;

public class EntityType<T extends Entity> {
    private EntityType() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.level.entity;

public interface EntityTypeTest<B, T extends B> {
    T tryCast(B entity);

    Class<? extends B> getBaseClass();
}

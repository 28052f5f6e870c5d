// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.resources;

import net.minecraft.core.Registry;

public class ResourceKey<T> {
    private ResourceKey() { throw new UnsupportedOperationException(); }

    public static <T> ResourceKey<T> create(ResourceKey<? extends Registry<T>> registry, ResourceLocation id) { throw new UnsupportedOperationException(); }

    public ResourceLocation location() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.11 and 26.1 (checked in 1.21.11 and 26.1.2); see mod/neoforge/API-NOTES.md.
package net.minecraft.resources;

import net.minecraft.core.Registry;

public class ResourceKey<T> {
    private ResourceKey() { throw new UnsupportedOperationException(); }

    public static <T> ResourceKey<T> create(ResourceKey<? extends Registry<T>> registryName, Identifier location) { throw new UnsupportedOperationException(); }

    public Identifier identifier() { throw new UnsupportedOperationException(); }
}

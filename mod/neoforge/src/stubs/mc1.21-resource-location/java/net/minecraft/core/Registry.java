// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.core;

import java.util.Optional;
import net.minecraft.resources.ResourceKey;
import net.minecraft.resources.ResourceLocation;

public interface Registry<T> {
    ResourceLocation getKey(T value);

    default Optional<T> getOptional(ResourceLocation id) { throw new UnsupportedOperationException(); }

    default Optional<T> getOptional(ResourceKey<T> key) { throw new UnsupportedOperationException(); }
}

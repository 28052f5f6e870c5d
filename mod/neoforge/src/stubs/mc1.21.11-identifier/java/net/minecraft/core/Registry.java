// Stub (signatures only, no logic) of Minecraft 1.21.11 and 26.1 (checked in 1.21.11 and 26.1.2); see mod/neoforge/API-NOTES.md.
package net.minecraft.core;

import java.util.Optional;
import net.minecraft.resources.Identifier;
import net.minecraft.resources.ResourceKey;

public interface Registry<T> {
    Identifier getKey(T thing);

    default Optional<T> getOptional(Identifier key) { throw new UnsupportedOperationException(); }

    default Optional<T> getOptional(ResourceKey<T> key) { throw new UnsupportedOperationException(); }
}

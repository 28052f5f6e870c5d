// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.core.registries;

import net.minecraft.core.Registry;
import net.minecraft.resources.ResourceKey;
import net.minecraft.world.level.Level;

public class Registries {
    public static final ResourceKey<Registry<Level>> DIMENSION = null;

    private Registries() { throw new UnsupportedOperationException(); }
}

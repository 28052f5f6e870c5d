// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.resources;

public final class ResourceLocation implements Comparable<ResourceLocation> {
    private ResourceLocation() { throw new UnsupportedOperationException(); }

    public static ResourceLocation tryParse(String id) { throw new UnsupportedOperationException(); }

    @Override
    public int compareTo(ResourceLocation other) { throw new UnsupportedOperationException(); }
}

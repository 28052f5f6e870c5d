// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.core;

public class BlockPos extends Vec3i {
    public BlockPos(int x, int y, int z) { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.phys;

public class AABB {
    public AABB(double x1, double y1, double z1, double x2, double y2, double z2) { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.core;

public class Vec3i implements Comparable<Vec3i> {
    protected Vec3i() { throw new UnsupportedOperationException(); }

    public int getX() { throw new UnsupportedOperationException(); }

    public int getY() { throw new UnsupportedOperationException(); }

    public int getZ() { throw new UnsupportedOperationException(); }

    @Override
    public int compareTo(Vec3i other) { throw new UnsupportedOperationException(); }
}

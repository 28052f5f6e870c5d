// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.item;

public class Items {
    public static final Item AIR = null;

    private Items() { throw new UnsupportedOperationException(); }
}

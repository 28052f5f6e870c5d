// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.inventory;

public abstract class AbstractContainerMenu {
    protected AbstractContainerMenu() { throw new UnsupportedOperationException(); }

    public void broadcastChanges() { throw new UnsupportedOperationException(); }
}

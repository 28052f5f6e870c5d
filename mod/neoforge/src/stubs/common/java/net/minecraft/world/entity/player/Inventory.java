// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.entity.player;

import net.minecraft.world.item.ItemStack;

public class Inventory {
    private Inventory() { throw new UnsupportedOperationException(); }

    public boolean add(ItemStack stack) { throw new UnsupportedOperationException(); }

    public boolean add(int slot, ItemStack stack) { throw new UnsupportedOperationException(); }

    public int getContainerSize() { throw new UnsupportedOperationException(); }

    public ItemStack getItem(int slot) { throw new UnsupportedOperationException(); }
}

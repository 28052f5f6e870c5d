// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.item;

import net.minecraft.network.chat.Component;
import net.minecraft.world.level.ItemLike;

public final class ItemStack {
    public ItemStack(ItemLike item) { throw new UnsupportedOperationException(); }

    public ItemStack(ItemLike item, int count) { throw new UnsupportedOperationException(); }

    public boolean isEmpty() { throw new UnsupportedOperationException(); }

    public Item getItem() { throw new UnsupportedOperationException(); }

    public int getMaxStackSize() { throw new UnsupportedOperationException(); }

    public Component getHoverName() { throw new UnsupportedOperationException(); }

    public int getCount() { throw new UnsupportedOperationException(); }
}

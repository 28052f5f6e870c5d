// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.item;

import net.minecraft.world.level.ItemLike;

public class Item implements ItemLike {
    private Item() { throw new UnsupportedOperationException(); }

    @Override
    public Item asItem() { throw new UnsupportedOperationException(); }

    public ItemStack getDefaultInstance() { throw new UnsupportedOperationException(); }
}

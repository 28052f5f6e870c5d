// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.level;

import net.minecraft.world.item.Item;

public interface ItemLike {
    Item asItem();
}

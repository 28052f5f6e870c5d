// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.core.registries;

import net.minecraft.core.DefaultedRegistry;
import net.minecraft.world.entity.EntityType;
import net.minecraft.world.item.Item;
import net.minecraft.world.level.block.Block;

public class BuiltInRegistries {
    public static final DefaultedRegistry<Block> BLOCK = null;
    public static final DefaultedRegistry<EntityType<?>> ENTITY_TYPE = null;
    public static final DefaultedRegistry<Item> ITEM = null;

    private BuiltInRegistries() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.entity.player;

import com.mojang.authlib.GameProfile;
import net.minecraft.world.entity.LivingEntity;
import net.minecraft.world.entity.item.ItemEntity;
import net.minecraft.world.food.FoodData;
import net.minecraft.world.inventory.AbstractContainerMenu;
import net.minecraft.world.item.ItemStack;

public abstract class Player extends LivingEntity {
    public AbstractContainerMenu containerMenu;

    protected Player() { throw new UnsupportedOperationException(); }

    public ItemEntity drop(ItemStack stack, boolean includeThrowerName) { throw new UnsupportedOperationException(); }

    public ItemEntity drop(ItemStack stack, boolean randomly, boolean includeThrowerName) { throw new UnsupportedOperationException(); }

    public GameProfile getGameProfile() { throw new UnsupportedOperationException(); }

    public Inventory getInventory() { throw new UnsupportedOperationException(); }

    public FoodData getFoodData() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.food;

public class FoodData {
    private FoodData() { throw new UnsupportedOperationException(); }

    public int getFoodLevel() { throw new UnsupportedOperationException(); }
}

package dev.mcpbridge.devserver.world;

/** A stack in a player's inventory; mutable count, as in the game. */
public final class ItemStack {
    private final Items.Item item;
    private int count;

    public ItemStack(Items.Item item, int count) {
        this.item = item;
        this.count = count;
    }

    public Items.Item item() {
        return item;
    }

    public int count() {
        return count;
    }

    void setCount(int count) {
        this.count = count;
    }

    /** Vanilla's ItemStack#getDisplayName: the name in square brackets. */
    public String displayName() {
        return "[" + item.displayName() + "]";
    }
}

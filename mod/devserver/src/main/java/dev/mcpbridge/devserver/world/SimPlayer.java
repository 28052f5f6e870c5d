package dev.mcpbridge.devserver.world;

import dev.mcpbridge.core.spi.GameAccess.GameMode;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** A simulated online player: what /data get entity and the GameAccess SPI read. */
public final class SimPlayer {
    public static final int INVENTORY_SLOTS = 36;

    private final String name;
    private final UUID uuid;
    private final ItemStack[] inventory = new ItemStack[INVENTORY_SLOTS];
    private float health = 20.0f;
    private int foodLevel = 20;
    private String dimension = Ids.OVERWORLD;
    private double x;
    private double y;
    private double z;
    private GameMode gameMode = GameMode.SURVIVAL;
    /** Vanished (a plugin's /vanish): still online, listed only to those allowed to see hidden players. */
    private boolean hidden;

    public SimPlayer(String name, double x, double y, double z) {
        this.name = name;
        this.uuid = offlineUuid(name);
        this.x = x;
        this.y = y;
        this.z = z;
    }

    /** The UUID an offline-mode server gives a name (vanilla UUIDUtil#createOfflinePlayerUUID). */
    public static UUID offlineUuid(String name) {
        return UUID.nameUUIDFromBytes(("OfflinePlayer:" + name).getBytes(StandardCharsets.UTF_8));
    }

    public String name() {
        return name;
    }

    public UUID uuid() {
        return uuid;
    }

    public float health() {
        return health;
    }

    public void setHealth(float health) {
        this.health = health;
    }

    public int foodLevel() {
        return foodLevel;
    }

    public String dimension() {
        return dimension;
    }

    public double x() {
        return x;
    }

    public double y() {
        return y;
    }

    public double z() {
        return z;
    }

    public boolean hidden() {
        return hidden;
    }

    public void setHidden(boolean hidden) {
        this.hidden = hidden;
    }

    public GameMode gameMode() {
        return gameMode;
    }

    public void moveTo(String dimension, double x, double y, double z) {
        this.dimension = dimension;
        this.x = x;
        this.y = y;
        this.z = z;
    }

    /** Slot i (0-8 hotbar, 9-35 main), or null when empty. */
    public ItemStack slot(int i) {
        return inventory[i];
    }

    /**
     * Adds a stack as vanilla Inventory#add does: first into stacks of the same item with room, then
     * into the first empty slot. Returns what did not fit.
     */
    public int add(Items.Item item, int count) {
        int left = count;
        for (int i = 0; i < INVENTORY_SLOTS && left > 0; i++) {
            ItemStack s = inventory[i];
            if (s != null && s.item().id().equals(item.id()) && s.count() < item.maxStackSize()) {
                int moved = Math.min(left, item.maxStackSize() - s.count());
                s.setCount(s.count() + moved);
                left -= moved;
            }
        }
        for (int i = 0; i < INVENTORY_SLOTS && left > 0; i++) {
            if (inventory[i] == null) {
                int moved = Math.min(left, item.maxStackSize());
                inventory[i] = new ItemStack(item, moved);
                left -= moved;
            }
        }
        return left;
    }

    /** Death: empties the inventory (items drop) and respawns at the world spawn. */
    public void respawn(double sx, double sy, double sz) {
        java.util.Arrays.fill(inventory, null);
        health = 20.0f;
        foodLevel = 20;
        moveTo(Ids.OVERWORLD, sx, sy, sz);
    }
}

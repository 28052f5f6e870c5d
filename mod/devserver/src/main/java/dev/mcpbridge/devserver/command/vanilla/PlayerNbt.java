package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.world.ItemStack;
import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The part of a 1.21.1 player's saved data (ServerPlayer#saveWithoutId) that the devserver models. */
final class PlayerNbt {
    /** Data version of 1.21.1. */
    static final int DATA_VERSION = 3955;

    private PlayerNbt() {}

    static Map<String, Object> of(SimPlayer p) {
        Map<String, Object> tag = new LinkedHashMap<>();
        tag.put("AbsorptionAmount", 0.0f);
        tag.put("Air", (short) 300);
        tag.put("Brain", Map.of("memories", Map.of()));
        tag.put("DataVersion", DATA_VERSION);
        tag.put("DeathTime", (short) 0);
        tag.put("Dimension", p.dimension());
        tag.put("EnderItems", List.of());
        tag.put("FallDistance", 0.0f);
        tag.put("FallFlying", (byte) 0);
        tag.put("Fire", (short) -20);
        tag.put("Health", p.health());
        tag.put("HurtByTimestamp", 0);
        tag.put("HurtTime", (short) 0);
        tag.put("Inventory", inventory(p));
        tag.put("Invulnerable", (byte) 0);
        tag.put("Motion", List.of(0.0d, 0.0d, 0.0d));
        tag.put("OnGround", (byte) 1);
        tag.put("PortalCooldown", 0);
        tag.put("Pos", List.of(p.x(), p.y(), p.z()));
        tag.put("Rotation", List.of(0.0f, 0.0f));
        tag.put("Score", 0);
        tag.put("SelectedItemSlot", 0);
        tag.put("SleepTimer", (short) 0);
        tag.put("UUID", uuidInts(p.uuid()));
        tag.put("XpLevel", 0);
        tag.put("XpP", 0.0f);
        tag.put("XpSeed", 0);
        tag.put("XpTotal", 0);
        tag.put("foodExhaustionLevel", 0.0f);
        tag.put("foodLevel", p.foodLevel());
        tag.put("foodSaturationLevel", 5.0f);
        tag.put("foodTickTimer", 0);
        tag.put("playerGameType", p.gameMode().ordinal());
        tag.put("seenCredits", (byte) 0);
        return tag;
    }

    private static List<Object> inventory(SimPlayer p) {
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < SimPlayer.INVENTORY_SLOTS; i++) {
            ItemStack s = p.slot(i);
            if (s != null) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("Slot", (byte) i);
                item.put("count", s.count());
                item.put("id", s.item().id());
                items.add(item);
            }
        }
        return items;
    }

    /** UUIDUtil#uuidToIntArray. */
    static int[] uuidInts(UUID u) {
        long most = u.getMostSignificantBits();
        long least = u.getLeastSignificantBits();
        return new int[] {(int) (most >> 32), (int) most, (int) (least >> 32), (int) least};
    }
}

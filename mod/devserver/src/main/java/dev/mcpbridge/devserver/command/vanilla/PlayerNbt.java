package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.variant.GameVersion;
import dev.mcpbridge.devserver.world.ItemStack;
import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A player's data as {@code data get entity} prints it (ServerPlayer#saveWithoutId plus the
 * SelectedItem the data command adds): every key a real player has, in the unsorted order a real
 * 1.21.5 server printed them in a published dump (CompoundTag is a HashMap), items with
 * {@code components}, and the layout of the version: up to 1.21.4 armour and off-hand are Inventory
 * slots 100-103 / -106, FallDistance is a float and attribute ids carry "generic."; from 1.21.5 on
 * they are in {@code equipment}, fall_distance is a double, and ids lost the prefix (1.21.2).
 * Every player holds a named shield in the off-hand, so the data has strings in both quote kinds.
 */
final class PlayerNbt {
    private PlayerNbt() {}

    static Map<String, Object> of(SimPlayer p, GameVersion version) {
        boolean modern = version.hasEquipmentField();
        Map<String, Object> tag = new LinkedHashMap<>();
        tag.put("seenCredits", (byte) 0);
        tag.put("DeathTime", (short) 0);
        tag.put("foodTickTimer", 0);
        tag.put("recipeBook", recipeBook());
        tag.put("XpTotal", 0);
        tag.put("OnGround", (byte) 1);
        tag.put("AbsorptionAmount", 0.0f);
        tag.put("spawn_extra_particles_on_fall", (byte) 0);
        tag.put("playerGameType", p.gameMode().ordinal());
        tag.put("Invulnerable", (byte) 0);
        tag.put("SelectedItemSlot", 0);
        tag.put("Brain", Map.of("memories", Map.of()));
        tag.put("Dimension", p.dimension());
        tag.put("abilities", abilities(p));
        tag.put("Score", 0);
        tag.put("Rotation", List.of(0.0f, 0.0f));
        tag.put("HurtByTimestamp", 0);
        tag.put("attributes", attributes(modern));
        tag.put("foodSaturationLevel", 5.0f);
        if (modern) {
            tag.put("fall_distance", 0.0d);
        } else {
            tag.put("FallDistance", 0.0f);
        }
        ItemStack held = p.slot(0);
        if (held != null) {
            tag.put("SelectedItem", item(held.item().id(), held.count(), null, null));
        }
        tag.put("Air", (short) 300);
        tag.put("warden_spawn_tracker", wardenTracker());
        tag.put("XpSeed", 174870856);
        tag.put("EnderItems", List.of());
        tag.put("UUID", uuidInts(p.uuid()));
        tag.put("XpLevel", 0);
        tag.put("Inventory", inventory(p, modern));
        tag.put("foodLevel", p.foodLevel());
        tag.put("Motion", List.of(0.0d, -0.0784000015258789d, 0.0d));
        tag.put("DataVersion", version.dataVersion());
        tag.put("SleepTimer", (short) 0);
        tag.put("XpP", 0.0f);
        if (modern) {
            tag.put("current_impulse_context_reset_grace_time", 0);
            tag.put("equipment", Map.of("offhand", shield(p, true)));
        }
        tag.put("Pos", List.of(p.x(), p.y(), p.z()));
        tag.put("Health", p.health());
        tag.put("HurtTime", (short) 0);
        tag.put("FallFlying", (byte) 0);
        tag.put("Fire", modern ? (short) 0 : (short) -20);
        tag.put("ignore_fall_damage_from_current_explosion", (byte) 0);
        tag.put("PortalCooldown", 0);
        tag.put("foodExhaustionLevel", 0.0f);
        return tag;
    }

    private static Map<String, Object> recipeBook() {
        Map<String, Object> book = new LinkedHashMap<>();
        book.put("recipes", List.of("minecraft:crafting_table", "minecraft:oak_planks"));
        book.put("isGuiOpen", (byte) 0);
        book.put("toBeDisplayed", List.of());
        book.put("isSmokerGuiOpen", (byte) 0);
        book.put("isFurnaceFilteringCraftable", (byte) 0);
        book.put("isFurnaceGuiOpen", (byte) 0);
        book.put("isBlastingFurnaceFilteringCraftable", (byte) 0);
        book.put("isBlastingFurnaceGuiOpen", (byte) 0);
        book.put("isFilteringCraftable", (byte) 0);
        book.put("isSmokerFilteringCraftable", (byte) 0);
        return book;
    }

    private static Map<String, Object> abilities(SimPlayer p) {
        boolean creative = p.gameMode().ordinal() == 1;
        Map<String, Object> abilities = new LinkedHashMap<>();
        abilities.put("walkSpeed", 0.1f);
        abilities.put("instabuild", (byte) (creative ? 1 : 0));
        abilities.put("flying", (byte) 0);
        abilities.put("flySpeed", 0.05f);
        abilities.put("mayfly", (byte) (creative ? 1 : 0));
        abilities.put("invulnerable", (byte) (creative ? 1 : 0));
        abilities.put("mayBuild", (byte) 1);
        return abilities;
    }

    private static List<Object> attributes(boolean modern) {
        String prefix = modern ? "minecraft:" : "minecraft:generic.";
        String player = modern ? "minecraft:" : "minecraft:player.";
        return List.of(
                ordered("base", 0.10000000149011612d, "id", prefix + "movement_speed"),
                ordered("base", 3.0d, "id", player + "entity_interaction_range"),
                ordered("base", 4.5d, "id", player + "block_interaction_range"),
                ordered("base", 0.6000000238418579d, "id", prefix + "step_height"));
    }

    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static Map<String, Object> wardenTracker() {
        Map<String, Object> tracker = new LinkedHashMap<>();
        tracker.put("ticks_since_last_warning", 10639);
        tracker.put("cooldown_ticks", 0);
        tracker.put("warning_level", 0);
        return tracker;
    }

    private static List<Object> inventory(SimPlayer p, boolean modern) {
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < SimPlayer.INVENTORY_SLOTS; i++) {
            ItemStack s = p.slot(i);
            if (s != null) {
                items.add(item(s.item().id(), s.count(), (byte) i, null));
            }
        }
        if (!modern) {
            items.add(shield(p, false));
        }
        return items;
    }

    /** Item stacks print count, Slot, components, id in this order in published dumps. */
    private static Map<String, Object> item(String id, int count, Byte slot, Map<String, Object> components) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("count", count);
        if (slot != null) {
            item.put("Slot", slot);
        }
        if (components != null) {
            item.put("components", components);
        }
        item.put("id", id);
        return item;
    }

    /**
     * The off-hand shield with a custom name and lore: 1.21.1 stores text components as JSON strings
     * (printed in single quotes, as they hold double quotes), 1.21.5+ as NBT (a string holding both
     * quote kinds is printed in double quotes with escapes).
     */
    private static Map<String, Object> shield(SimPlayer p, boolean modern) {
        Map<String, Object> components = new LinkedHashMap<>();
        components.put("minecraft:damage", 3);
        if (modern) {
            components.put("minecraft:custom_name", ordered("italic", (byte) 0, "text", p.name() + "'s \"lucky\" shield"));
            components.put("minecraft:lore", List.of("\"Made\" in the devserver"));
        } else {
            components.put("minecraft:custom_name", "{\"italic\":false,\"text\":\"" + p.name() + "'s lucky shield\"}");
            components.put("minecraft:lore", List.of("{\"text\":\"Made in the devserver\"}"));
        }
        return item("minecraft:shield", 1, modern ? null : (byte) -106, components);
    }

    /** UUIDUtil#uuidToIntArray. */
    static int[] uuidInts(UUID u) {
        long most = u.getMostSignificantBits();
        long least = u.getLeastSignificantBits();
        return new int[] {(int) (most >> 32), (int) most, (int) (least >> 32), (int) least};
    }
}

package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mcpbridge.devserver.command.vanilla.GiveCommand;
import dev.mcpbridge.devserver.world.Entity;
import dev.mcpbridge.devserver.world.ItemStack;
import dev.mcpbridge.devserver.world.Items;
import dev.mcpbridge.devserver.world.SimPlayer;
import dev.mcpbridge.devserver.world.World;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** /give splits into stacks no larger than the item's max stack size; nothing is lost or duplicated. */
class GiveRulesPropertiesTest {
    private static final Items ITEMS = Items.load();

    @Provide
    Arbitrary<String> itemIds() {
        return Arbitraries.of("minecraft:stone", "minecraft:ender_pearl", "minecraft:diamond_sword", "minecraft:egg",
                "minecraft:water_bucket", "minecraft:torch");
    }

    @Property(tries = 200)
    void givenItemsAreStackedWithinLimitsAndNothingIsLost(@ForAll("itemIds") String id,
                                                          @ForAll @IntRange(min = 1, max = 6400) int wanted) {
        Items.Item item = ITEMS.find(id).orElseThrow();
        int count = Math.min(wanted, item.maxStackSize() * 100);
        World world = new World(1, ITEMS, 20, NoEvents.INSTANCE);
        world.join("Steve");
        SimPlayer p = world.player("Steve").orElseThrow();
        GiveCommand.give(world, p, item, count);
        int inInventory = 0;
        for (int i = 0; i < SimPlayer.INVENTORY_SLOTS; i++) {
            ItemStack s = p.slot(i);
            if (s != null) {
                assertTrue(s.count() >= 1 && s.count() <= item.maxStackSize(), "stack of " + s.count());
                inInventory += s.count();
            }
        }
        int dropped = world.entities().stream().filter(e -> e.type().equals("minecraft:item"))
                .mapToInt(GiveRulesPropertiesTest::droppedCount).sum();
        assertEquals(count, inInventory + dropped);
        assertEquals(Math.min(count, SimPlayer.INVENTORY_SLOTS * item.maxStackSize()), inInventory);
    }

    private static int droppedCount(Entity e) {
        return Integer.parseInt(e.name().substring(0, e.name().indexOf(' ')));
    }
}

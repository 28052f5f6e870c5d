package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** --flavour and the version's player data: Paper's namespaced commands, EssentialsX's list, full-size data. */
class FlavoursTest {
    @Test
    void essentialsListsGroupsInLegacyColours() throws Exception {
        try (Devserver server = TestServers.start("--players", "Steve,Alex", "--flavour", "paper-essentials")) {
            assertEquals("§6There are §c2§6 out of maximum §c20§6 players online.\n§6default§r: Alex§f, Steve§f\n",
                    server.runCommand("list"));
            assertEquals("There are 2 of a max of 20 players online: Steve, Alex", server.runCommand("minecraft:list"));
            assertEquals("Alex is now hidden", server.runCommand("sim vanish Alex"));
            assertEquals("§6There are §c1§6/§c1§6 out of maximum §c20§6 players online.\n"
                    + "§6default§r: §7[HIDDEN]§rAlex§f, Steve§f\n", server.runCommand("list"));
        }
    }

    @Test
    void essentialsGiveAnswersInItsOwnWordsAndVanillasStaysUnderTheNamespace() throws Exception {
        try (Devserver server = TestServers.start("--players", "Steve", "--flavour", "paper-essentials")) {
            assertEquals("§6Giving§c 5 §6of§c diamond §6to§c Steve§6.\n", server.runCommand("give Steve minecraft:diamond 5"));
            assertEquals("Gave 2 [Diamond] to Steve", server.runCommand("minecraft:give Steve diamond 2"));
            assertTrue(server.runCommand("data get entity Steve Inventory").contains("count: 7, Slot: 0b, id: \"minecraft:diamond\""));
            assertEquals("No player was found", server.runCommand("give Nobody stone 1"));
        }
    }

    @Test
    void paperKeepsVanillaCommandsUnderTheMinecraftNamespaceVanillaDoesNot() throws Exception {
        try (Devserver paper = TestServers.start("--players", "Steve", "--flavour", "paper");
                Devserver vanilla = TestServers.start("--players", "Steve")) {
            assertEquals("Gave 1 [Stone] to Steve", paper.runCommand("minecraft:give Steve stone 1"));
            assertTrue(vanilla.runCommand("minecraft:give Steve stone 1").startsWith("Unknown or incomplete command"));
        }
    }

    @Test
    void playerDataHasWhatARealPlayerHasInTheVersionsLayout() throws Exception {
        try (Devserver old = TestServers.start("--players", "Steve");
                Devserver modern = TestServers.start("--players", "Steve", "--mc-version", "1.21.11")) {
            old.runCommand("give Steve torch 3");
            modern.runCommand("give Steve torch 3");
            String before = old.runCommand("data get entity Steve");
            String after = modern.runCommand("data get entity Steve");
            for (String key : new String[] {"abilities: {", "recipeBook: {", "attributes: [", "SelectedItem: {count: 3, id: \"minecraft:torch\"}",
                    "warden_spawn_tracker: {", "DataVersion: ", "Brain: {memories: {}}"}) {
                assertTrue(before.contains(key), key + " in " + before);
                assertTrue(after.contains(key), key + " in " + after);
            }
            assertFalse(before.startsWith("Steve has the following entity data: {AbsorptionAmount"), "not sorted");
            assertTrue(before.contains("DataVersion: 3955") && after.contains("DataVersion: 4671"));
            assertTrue(before.contains("{count: 1, Slot: -106b, components: {\"minecraft:damage\": 3, "
                    + "\"minecraft:custom_name\": \"{\\\"italic\\\":false,\\\"text\\\":\\\"Steve's lucky shield\\\"}\", "
                    + "\"minecraft:lore\": ['{\"text\":\"Made in the devserver\"}']}, id: \"minecraft:shield\"}"), before);
            assertTrue(before.contains("UUID: [I; ") && before.contains("FallDistance: 0.0f") && !before.contains("equipment"));
            assertTrue(after.contains("equipment: {offhand: {count: 1, components: {"), after);
            assertTrue(after.contains("text: \"Steve's \\\"lucky\\\" shield\""), after);
            assertTrue(after.contains("'\"Made\" in the devserver'"), after);
            assertTrue(after.matches("(?s).*UUID: \\[I;-?\\d+,-?\\d+,-?\\d+,-?\\d+].*") && after.contains("fall_distance: 0.0d"), after);
        }
    }
}

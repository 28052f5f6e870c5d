package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Vanilla output text of each command, through the same path RCON uses (shared buffer, main thread). */
class VanillaCommandsTest {
    private static Devserver server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start("--players", "Steve,Alex,Carol");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String run(String command) {
        return server.runCommand(command);
    }

    @Test
    void giveFollowsVanillaStackRules() {
        assertEquals("Gave 130 [Diamond] to Carol", run("give Carol minecraft:diamond 130"));
        assertTrue(run("data get entity Carol Inventory").contains(
                "[{count: 64, Slot: 0b, id: \"minecraft:diamond\"}, {count: 64, Slot: 1b, id: \"minecraft:diamond\"}, "
                        + "{count: 2, Slot: 2b, id: \"minecraft:diamond\"}, {count: 1, Slot: -106b, components: {"));
        assertEquals("Can't give more than 1600 of [Ender Pearl]", run("give Carol ender_pearl 1601"));
        assertEquals("Can't give more than 100 of [Diamond Sword]", run("give Carol diamond_sword 101"));
        assertEquals("Unknown item 'minecraft:nope'...ive Carol nope<--[HERE]", run("give Carol nope"));
        assertEquals("Integer must not be less than 1, found 0...aft:stone 0<--[HERE]", run("give Carol minecraft:stone 0"));
    }

    @Test
    void teleportAndExecuteIn() {
        assertEquals("Teleported Alex to 10.500000, 80.000000, -4.250000", run("teleport Alex 10 80 -4.25"));
        assertEquals("Alex has the following entity data: \"minecraft:overworld\"", run("data get entity Alex Dimension"));
        assertEquals("Teleported Alex to 0.500000, 100.000000, 0.500000", run("execute in minecraft:the_end run tp Alex 0 100 0"));
        assertEquals("Alex has the following entity data: \"minecraft:the_end\"", run("data get entity Alex Dimension"));
        assertEquals("Teleported Alex to Steve", run("tp Alex Steve"));
        assertEquals("No player was found", run("tp Nobody 0 64 0"));
        assertEquals("Invalid position for teleport", run("tp Alex 30000000 64 0"));
        assertEquals("Unknown dimension 'minecraft:moon'", run("execute in moon run tp Alex 0 64 0"));
    }

    @Test
    void dataGetEntityPrintsSnbt() {
        String all = run("data get entity Steve");
        assertTrue(all.startsWith("Steve has the following entity data: {"), all);
        assertTrue(all.contains("Health: 20.0f"), all);
        assertTrue(all.contains("foodLevel: 20"), all);
        assertTrue(all.contains("playerGameType: 0"), all);
        assertTrue(all.matches(".*UUID: \\[I; -?\\d+, -?\\d+, -?\\d+, -?\\d+].*"), all);
        assertEquals("Steve has the following entity data: 20.0f", run("data get entity Steve Health"));
        assertEquals("Found no elements matching Nope", run("data get entity Steve Nope"));
        assertEquals("No entity was found", run("data get entity Nobody"));
    }

    @Test
    void timeTickAndWeather() {
        assertTrue(run("time query daytime").matches("The time is \\d+"));
        assertTrue(run("time query day").matches("The time is 0"));
        assertEquals("Set the time to 13000", run("time set night"));
        assertTrue(run("time query daytime").matches("The time is 130\\d\\d"));
        assertEquals("Set the time to 1000", run("time set day"));
        assertEquals("Set the time to 23999", run("time set 47999"));
        assertEquals("Set the time to 1000", run("time set day"));
        String tick = run("tick query");
        assertTrue(tick.matches("The game is running normallyTarget tick rate: 20\\.0 per second\\.\n"
                + "Average time per tick: \\d+\\.\\dms \\(Target: 50\\.0ms\\)Percentiles: P50: \\d+\\.\\dms P95: \\d+\\.\\dms "
                + "P99: \\d+\\.\\dms, sample: \\d+"), tick);
        String raining = "execute if predicate {condition:\"minecraft:weather_check\",raining:true}";
        String thundering = "execute if predicate {condition:\"minecraft:weather_check\",thundering:true}";
        assertEquals("Set the weather to clear", run("weather clear"));
        assertEquals("Test failed", run(raining));
        assertEquals("Set the weather to rain", run("weather rain 6000"));
        assertEquals("Test passed", run(raining));
        assertEquals("Test failed", run(thundering));
        assertEquals("Set the weather to rain & thunder", run("weather thunder"));
        assertEquals("Test passed", run(thundering));
        assertEquals("Test passed", run("execute unless predicate {condition: \"minecraft:weather_check\", raining: false}"));
        assertEquals("Set the weather to clear", run("weather clear"));
    }

    @Test
    void messagesAndUnknownCommands() {
        assertEquals("", run("say hello"), "say answers nothing to the console");
        assertEquals("", run("tellraw @a {\"text\":\"hi\",\"extra\":[\" there\"]}"));
        assertTrue(server.runCommand("tellraw Nobody \"x\"").equals("No player was found"));
        assertTrue(run("tellraw @a {bad").startsWith("Invalid chat component: "));
        assertEquals("Unknown or incomplete command, see below for errortime query<--[HERE]", run("time query"));
        assertEquals("Incorrect argument for command...ime query weekday<--[HERE]", run("time query weekday"));
        assertEquals("Unknown or incomplete command, see below for errorstop<--[HERE]", run("/stop"));
    }
}

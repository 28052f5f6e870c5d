package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The vanilla commands the NPC service sends (summon, kill with tags, execute at/positioned, tellraw
 * to players within a distance), with vanilla output text.
 */
class NpcCommandsTest {
    private static Devserver server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start("--players", "Steve,Alex");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String run(String command) {
        return server.runCommand(command);
    }

    private static List<String> received() {
        return server.world().recentMessages();
    }

    @Test
    void summonSpeakToNearbyPlayersAndKill() {
        assertEquals("Summoned new Villager Bob", run(
                "summon minecraft:villager 10 70 10 {CustomName:'\"Villager Bob\"',CustomNameVisible:1b,NoAI:1b,"
                        + "Invulnerable:1b,PersistenceRequired:1b,Silent:1b,Tags:[\"npc_bob\"]}"));
        assertEquals("Summoned new Villager", run("summon villager 300 70 300"));
        run("tp Steve 12 70 10");
        run("tp Alex 100 70 100");
        int before = received().size();
        assertEquals("", run("execute at @e[tag=npc_bob,limit=1] run tellraw @a[distance=..20] "
                + "[\"\",{\"text\":\"<Villager Bob> \",\"color\":\"green\"},{\"text\":\"Hello \\\"Steve\\\"\"}]"));
        assertEquals(List.of("to Steve: <Villager Bob> Hello \"Steve\""), received().subList(before, received().size()));
        assertEquals("No player was found", run("execute at @e[tag=npc_bob,limit=1] run tellraw @a[distance=..1] {\"text\":\"x\"}"));
        assertEquals("", run("execute positioned 100 70 100 run tellraw @a[distance=..2] {\"text\":\"near Alex\"}"));
        assertTrue(received().get(received().size() - 1).equals("to Alex: near Alex"), received().toString());
        assertEquals("Killed Villager Bob", run("kill @e[tag=npc_bob]"));
        assertEquals("No entity was found", run("kill @e[tag=npc_bob]"));
        assertEquals("No entity was found", run("execute at @e[tag=npc_bob,limit=1] run tellraw @a {\"text\":\"x\"}"));
        assertEquals("Killed Villager", run("kill @e[type=minecraft:villager]"));
    }

    @Test
    void selectorOptionsFollowVanilla() {
        assertTrue(run("kill @e[colour=red]").startsWith("Unknown option 'colour'"), run("kill @e[colour=red]"));
        assertEquals("Summoned new Villager", run("summon minecraft:villager 0 70 0 {Tags:[a,\"b\"]}"));
        assertEquals("Summoned new Villager", run("summon minecraft:villager 0 70 0"));
        assertEquals("Killed Villager", run("kill @e[type=villager,tag=b]"));
        assertEquals("Killed Villager", run("kill @e[type=villager,tag=]"));
    }
}

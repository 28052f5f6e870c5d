package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mcpbridge.devserver.command.Lang;
import dev.mcpbridge.devserver.variant.GameVersion;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --mc-version: each version answers with its own en_us wording (1.21.9 changed three strings the bridge reads). */
class GameVersionsTest {
    @Test
    void oneTwentyOneOneKeepsTheOldWording() throws Exception {
        try (Devserver server = TestServers.start("--players", "Steve")) {
            assertTrue(server.runCommand("nosuchcommand").startsWith("Unknown or incomplete command, see below for error"));
            assertEquals("Integer must not be less than 1, found 0...aft:stone 0<--[HERE]",
                    server.runCommand("give Steve minecraft:stone 0"));
            assertTrue(server.runCommand("tick query").matches("(?s).*P99: [0-9.]+ms, sample: \\d+"));
        }
    }

    @Test
    void newerVersionsSpeakTheOneTwentyOneNineWording() throws Exception {
        for (String version : new String[] {"1.21.11", "26.1"}) {
            try (Devserver server = TestServers.start("--players", "Steve", "--mc-version", version)) {
                assertEquals("Unknown or incomplete command. See below for error",
                        server.runCommand("nosuchcommand").substring(0, 50), version);
                assertEquals("Integer must not be less than 1: found 0...aft:stone 0<--[HERE]",
                        server.runCommand("give Steve minecraft:stone 0"), version);
                assertTrue(server.runCommand("tick query").matches("(?s).*P99: [0-9.]+ms\\. Sample: \\d+"), version);
            }
        }
    }

    @Test
    void from26OneTheDayIsATimelineAndDaytimeIsGone() throws Exception {
        try (Devserver server = TestServers.start("--players", "Steve", "--mc-version", "26.1")) {
            assertEquals("Set the time to 13000", server.runCommand("time set night"));
            assertEquals("Timeline minecraft:day is at 13000 tick(s)", server.runCommand("time query day"));
            assertTrue(server.runCommand("time query daytime").startsWith("Incorrect argument for command"));
            // minecraft-data 26.1's en_us: commands.time.query.gametime, no longer commands.time.query.
            assertTrue(server.runCommand("time query gametime").matches("The game time is \\d+ tick\\(s\\)"));
        }
        try (Devserver server = TestServers.start("--players", "Steve", "--mc-version", "1.21.11")) {
            assertEquals("Set the time to 13000", server.runCommand("time set night"));
            assertEquals("The time is 13000", server.runCommand("time query daytime"));
            assertEquals("The time is 0", server.runCommand("time query day"));
            assertTrue(server.runCommand("time query gametime").matches("The time is \\d+"));
        }
    }

    @Test
    void everyVersionHasEveryKeyTheDefaultHas() {
        for (GameVersion version : GameVersion.values()) {
            Lang lang = Lang.load(version);
            assertEquals(version, lang.version());
            assertEquals("Steve died", lang.tr("death.attack.generic", "Steve"), version.id());
            assertTrue(lang.tr("commands.list.players", 1, 20, "Steve").startsWith("There are 1 of a max of 20"));
        }
    }

    @Test
    void anUnknownVersionOrFlavourIsRefusedWithTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DevserverConfig.parse(new String[] {"--rcon-password", "p", "--mc-version", "1.12.2"}, Map.of()));
        assertEquals("--mc-version: '1.12.2' is not one of 1.21.1, 1.21.11, 26.1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> DevserverConfig.parse(new String[] {"--rcon-password", "p", "--flavour", "spigot"}, Map.of()));
        assertEquals("--flavour: 'spigot' is not one of vanilla, paper, paper-essentials", e.getMessage());
    }
}

package dev.mcpbridge.core;

import static dev.mcpbridge.core.testing.Requests.command;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.events.EventType;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class McpBridgeCoreTest {
    final FakeGame game = new FakeGame();
    final CapturingLogger log = new CapturingLogger();

    @Test
    void applyConfigSwapsWhitelistAndEventFilterForTheNextCall() {
        try (McpBridgeCore core = new McpBridgeCore(game, CoreConfig.defaults(), log)) {
            String op = command("execute_command", "{\"command\":\"op Steve\"}").toString();
            assertEquals("PERMISSION_DENIED", errorCode(parse(core.handleCommand(op))));
            assertTrue(game.executedCommands.isEmpty(), "a forbidden command never reaches the game");
            core.applyConfig(CoreConfig.builder().allowedCommandPatterns(List.of("op [A-Za-z0-9_]+"))
                    .enabledEvents(Set.of(EventType.PLAYER_QUIT)).build());
            core.handleCommand(command("execute_command", "{\"command\":\"op Steve\"}").toString());
            assertEquals(List.of("op Steve"), game.executedCommands);
            core.events().playerJoin("Steve", UUID.randomUUID());
            core.events().playerQuit("Steve", UUID.randomUUID());
            assertEquals(1, core.status().lastSeq());
        }
    }

    @Test
    void withoutABridgeUrlTheEmitterStaysOffAndEventsWait() {
        try (McpBridgeCore core = new McpBridgeCore(game, CoreConfig.defaults(), log)) {
            core.start();
            core.events().playerChat("Steve", UUID.randomUUID(), "hi");
            CoreStatus s = core.status();
            assertFalse(s.emitterConnected());
            assertEquals(1, s.outboxSize());
            assertEquals(16, s.epoch().length());
        }
    }

    @Test
    void theTokenNeverAppearsInLogs() {
        CoreConfig c = CoreConfig.builder().bridgeToken("top-secret-token").build();
        try (McpBridgeCore core = new McpBridgeCore(game, CoreConfig.defaults(), log)) {
            core.applyConfig(c);
        }
        assertTrue(log.lines.stream().noneMatch(l -> l.message().contains("top-secret-token")), log.lines.toString());
    }
}

package dev.mcpbridge.core.ops;

import static dev.mcpbridge.core.testing.Requests.command;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.spi.GameAccess;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * A platform that implements only GameAccess's abstract methods (it compiles: the optional
 * capabilities have defaults) still serves every operation that needs no optional capability, and
 * answers the others with UNSUPPORTED naming the missing capability, never a SERVER_ERROR.
 */
class OptionalCapabilitiesTest {
    /** Only the required tier, answered from a FakeGame; everything else is GameAccess's default. */
    static final class BasicGame implements GameAccess {
        final FakeGame game = new FakeGame();

        @Override public boolean isServerThread() { return game.isServerThread(); }
        @Override public Executor serverExecutor() { return game.serverExecutor(); }
        @Override public String minecraftVersion() { return game.minecraftVersion(); }
        @Override public int maxPlayers() { return game.maxPlayers(); }
        @Override public double tps() { return game.tps(); }
        @Override public List<PlayerView> onlinePlayers() { return game.onlinePlayers(); }
        @Override public Optional<PlayerView> findPlayer(String name) { return game.findPlayer(name); }
        @Override public List<String> worlds() { return game.worlds(); }
        @Override public long dayTime(String world) { return game.dayTime(world); }
        @Override public Weather weather(String world) { return game.weather(world); }
        @Override public CommandResult executeCommand(String command) { return game.executeCommand(command); }
    }

    final BasicGame basic = new BasicGame();
    final McpBridgeCore core = new McpBridgeCore(basic, CoreConfig.defaults(), new CapturingLogger());

    /** The capability each operation's UNSUPPORTED message must name. */
    static final Map<String, String> NEEDS = Map.of(
            "send_message", "sendMessage",
            "teleport_player", "teleport",
            "give_item", "item",
            "get_world_info", "blockAt",
            "get_nearby_mobs", "mobsWithin");

    @Test
    void operationsNeedingAMissingCapabilityAnswerUnsupportedNamingIt() {
        Map<String, JsonObject> all = OperationsTest.oneOfEach();
        for (Map.Entry<String, String> e : NEEDS.entrySet()) {
            JsonObject answer = parse(core.handleCommand(all.get(e.getKey()).toString()));
            assertEquals("UNSUPPORTED", errorCode(answer), e.getKey() + ": " + answer);
            String message = answer.getAsJsonObject("payload").get("message").getAsString();
            assertTrue(message.contains(e.getValue()), e.getKey() + " names its capability: " + message);
        }
        JsonObject broadcast = parse(core.handleCommand(
                command("send_message", "{\"message\":\"hi\"}").toString()));
        assertEquals("UNSUPPORTED", errorCode(broadcast), broadcast.toString());
        assertTrue(basic.game.actions.isEmpty(), "nothing reached the game: " + basic.game.actions);
    }

    @Test
    void operationsOfTheRequiredTierStillWork() {
        Map<String, JsonObject> all = OperationsTest.oneOfEach();
        Set<String> required = Set.of("execute_command", "get_online_players", "get_player_info",
                "get_server_info", "hello");
        for (String op : required) {
            JsonObject answer = parse(core.handleCommand(all.get(op).toString()));
            assertEquals("response", answer.get("type").getAsString(), op + ": " + answer);
        }
        assertEquals(required.size() + NEEDS.size(), all.size(), "every operation is in one tier or the other");
    }
}

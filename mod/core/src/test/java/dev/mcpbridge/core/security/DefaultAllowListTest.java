package dev.mcpbridge.core.security;

import static dev.mcpbridge.core.testing.Requests.command;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import dev.mcpbridge.core.testing.Vectors;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 11, item 4: the allow-list an owner gets without changing anything is safe. The commands come
 * from shared/vectors/defaults/allowed-commands.json, which the TypeScript tests read too (the starter
 * policy of scripts/up uses the same patterns).
 */
class DefaultAllowListTest {
    static JsonObject vector() throws IOException {
        return JsonParser.parseString(Files.readString(Vectors.dir().resolve("defaults/allowed-commands.json")))
                .getAsJsonObject();
    }

    static List<String> strings(String key) throws IOException {
        return vector().getAsJsonArray(key).asList().stream().map(JsonElement::getAsString).toList();
    }

    /** execute_command through the core with the DEFAULT config: the error code, or null on success. */
    static String runWithDefaults(String cmd, FakeGame game) {
        McpBridgeCore core = new McpBridgeCore(game, CoreConfig.defaults(), new CapturingLogger());
        JsonObject request = command("execute_command", "{}");
        request.getAsJsonObject("payload").getAsJsonObject("args").addProperty("command", cmd);
        return errorCode(parse(core.handleCommand(request.toString())));
    }

    @Test
    void theDefaultsAreTheSharedVectorsPatterns() throws IOException {
        assertEquals(strings("patterns"), CoreConfig.DEFAULT_ALLOWED_COMMANDS);
    }

    @Test
    void everyDefaultPatternPassesTheSafetyCheck() {
        for (String p : CoreConfig.DEFAULT_ALLOWED_COMMANDS) assertNull(PatternSafety.problem(p), p);
    }

    @TestFactory
    Stream<DynamicTest> theDefaultsRefuseSelectorsNbtOperatorItemsAndOutOfWorldTeleports() throws IOException {
        return strings("refused").stream().map(cmd -> DynamicTest.dynamicTest(cmd, () -> {
            FakeGame game = new FakeGame();
            assertEquals("PERMISSION_DENIED", runWithDefaults(cmd, game), cmd);
            assertEquals(List.of(), game.executedCommands, "reached the game: " + cmd);
        }));
    }

    @TestFactory
    Stream<DynamicTest> theDefaultsAllowTheEverydayCommands() throws IOException {
        return strings("allowed").stream().map(cmd -> DynamicTest.dynamicTest(cmd, () -> {
            FakeGame game = new FakeGame();
            assertNotEquals("PERMISSION_DENIED", runWithDefaults(cmd, game), cmd);
            assertEquals(List.of(cmd), game.executedCommands);
        }));
    }
}

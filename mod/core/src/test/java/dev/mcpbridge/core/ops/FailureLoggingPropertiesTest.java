package dev.mcpbridge.core.ops;

import static dev.mcpbridge.core.testing.Requests.command;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.spi.GameAccess.CommandResult;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

// Feature: minecraft-mcp-bridge, Property 15: failed commands are logged with the command, the reason and a stack trace
class FailureLoggingPropertiesTest {

    @Property(tries = 150)
    void everyFailedCommandIsLoggedWithCommandReasonAndStackTrace(@ForAll("word") String arg, @ForAll("reason") String reason,
                                                                 @ForAll boolean gameThrows) {
        FakeGame game = new FakeGame();
        String cmd = "fail " + arg;
        game.commands = c -> {
            if (gameThrows) throw new IllegalStateException(reason);
            return new CommandResult(false, 0, List.of(reason));
        };
        CapturingLogger log = new CapturingLogger();
        McpBridgeCore core = new McpBridgeCore(game, CoreConfig.builder().allowedCommandPatterns(List.of("fail .+")).build(), log);
        JsonObject request = command("execute_command", "{}");
        request.getAsJsonObject("payload").getAsJsonObject("args").addProperty("command", cmd);
        JsonObject answer = parse(core.handleCommand(request.toString()));

        assertEquals(gameThrows ? "SERVER_ERROR" : "INVALID_COMMAND", errorCode(answer));
        assertTrue(answer.getAsJsonObject("payload").get("message").getAsString().contains(cmd), answer.toString());
        List<CapturingLogger.Line> errors = log.errors();
        assertEquals(1, errors.size(), errors.toString());
        CapturingLogger.Line line = errors.get(0);
        assertTrue(line.message().contains(cmd), "command in the log: " + line.message());
        assertTrue(line.message().contains(reason), "reason in the log: " + line.message());
        assertNotNull(line.error(), "a throwable for the stack trace");
        assertTrue(line.error().getStackTrace().length > 0, "a stack trace");
    }

    @Provide
    Arbitrary<String> word() {
        return Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(20);
    }

    @Provide
    Arbitrary<String> reason() {
        return Arbitraries.strings().withCharRange('A', 'z').withChars(" :") .ofMinLength(1).ofMaxLength(60)
                .filter(s -> !s.isBlank());
    }
}

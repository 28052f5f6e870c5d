package dev.mcpbridge.core.dispatch;

import static dev.mcpbridge.core.testing.Requests.command;
import static dev.mcpbridge.core.testing.Requests.parse;
import static dev.mcpbridge.core.testing.Requests.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.spi.GameAccess.CommandResult;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import dev.mcpbridge.core.testing.ShapeCheck;
import dev.mcpbridge.core.testing.Vectors;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The mod's error details follow their code's schema (shared/src/schemas/error-details.ts): every error
 * the core answers has the details of one of shared/vectors/error.json's valid examples of its code
 * (same keys, same JSON types), e.g. PLAYER_NOT_FOUND says who is online as a list in {@code online}.
 */
class ErrorDetailsVectorsTest {
    private final FakeGame game = new FakeGame();
    private final McpBridgeCore core = new McpBridgeCore(game, CoreConfig.defaults(), new CapturingLogger());

    @Test
    void playerNotFoundSaysWhoIsOnlineAsAList() {
        JsonObject details = expectDetails("PLAYER_NOT_FOUND", query("get_player_info", "{\"player\":\"Herobrine\"}"));
        assertEquals("[\"Steve\",\"Alex\"]", details.get("online").toString());
        game.players.clear();
        expectDetails("PLAYER_NOT_FOUND", command("send_message", "{\"message\":\"hi\",\"target\":\"Herobrine\"}"));
    }

    @Test
    void argumentAndSchemaErrorsNameTheField() {
        expectDetails("INVALID_ARGS", query("get_world_info", "{\"x\":0,\"y\":64,\"z\":0,\"radius\":20}"));
        expectDetails("INVALID_ARGS", query("get_world_info", "{\"x\":0,\"y\":64,\"z\":0,\"radius\":1,\"world\":\"nowhere\"}"));
        expectDetails("INVALID_ARGS", command("execute_command", "{\"command\":\"say " + "a".repeat(300) + "\"}"));
        JsonObject v2 = query("hello", "{}");
        v2.addProperty("version", "2.0.0");
        expectDetails("SCHEMA_ERROR", v2);
        JsonObject noId = query("hello", "{}");
        noId.remove("id");
        expectDetails("SCHEMA_ERROR", noId);
    }

    @Test
    void commandErrorsCarryTheCommand() {
        JsonObject failed = expectDetails("INVALID_COMMAND", command("execute_command", "{\"command\":\"tp Nobody 0 64 0\"}"));
        assertEquals(0, failed.get("result").getAsInt());
        expectDetails("PERMISSION_DENIED", command("execute_command", "{\"command\":\"op Steve\"}"));
        game.commands = c -> {
            throw new IllegalStateException("boom");
        };
        expectDetails("SERVER_ERROR", command("execute_command", "{\"command\":\"say hi\"}"));
    }

    private JsonObject expectDetails(String code, JsonObject request) {
        JsonObject payload = parse(core.handleCommand(request.toString())).getAsJsonObject("payload");
        assertEquals(code, payload.get("code").getAsString(), payload.toString());
        JsonObject details = payload.getAsJsonObject("details");
        List<String> mismatches = new ArrayList<>();
        Consumer<JsonObject> check = example -> {
            JsonObject p = example.getAsJsonObject("payload");
            if (!p.get("code").getAsString().equals(code) || !p.has("details")) return;
            String m = ShapeCheck.mismatch(p.getAsJsonObject("details"), details, "payload.details");
            mismatches.add(m == null ? "" : m);
        };
        Vectors.valid("error").forEach(check);
        assertTrue(!mismatches.isEmpty(), "shared/vectors/error.json has no example of " + code + " with details");
        assertTrue(mismatches.contains(""), code + " details " + details + " match no example: " + mismatches);
        return details;
    }
}

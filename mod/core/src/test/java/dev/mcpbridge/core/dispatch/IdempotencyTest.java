package dev.mcpbridge.core.dispatch;

import static dev.mcpbridge.core.testing.Requests.command;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static dev.mcpbridge.core.testing.Requests.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import dev.mcpbridge.core.testing.Requests;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class IdempotencyTest {
    final FakeGame game = new FakeGame();
    final McpBridgeCore core = new McpBridgeCore(game, CoreConfig.defaults(), new CapturingLogger());

    @Test
    void aRepeatedWriteReturnsTheStoredAnswerWithoutRunningAgain() {
        JsonObject give = command("give_item", "{\"player\":\"Steve\",\"item\":\"diamond\",\"quantity\":3}");
        JsonObject first = parse(core.handleCommand(give.toString()));
        JsonObject again = parse(core.handleCommand(give.toString()));
        assertEquals(1, game.actions.size(), "given once: " + game.actions);
        assertEquals(first.getAsJsonObject("payload").get("data"), again.getAsJsonObject("payload").get("data"));
        assertTrue(again.getAsJsonObject("payload").get("replay").getAsBoolean());
        assertNull(first.getAsJsonObject("payload").get("replay"));
        // also inside one batch
        JsonObject say = command("execute_command", "{\"command\":\"say once\"}");
        core.handleCommand(Requests.batch(say, say, say));
        assertEquals(1, game.executedCommands.size());
    }

    @Test
    void readsAndFailedWritesAreNotCached() {
        JsonObject list = query("get_online_players", "{}");
        core.handleCommand(list.toString());
        assertFalse(parse(core.handleCommand(list.toString())).getAsJsonObject("payload").has("replay"));
        JsonObject give = command("give_item", "{\"player\":\"Notch\",\"item\":\"diamond\",\"quantity\":1}");
        assertEquals("PLAYER_NOT_FOUND", errorCode(parse(core.handleCommand(give.toString()))));
        game.addPlayer("Notch", "minecraft:overworld", 0, 64, 0);
        JsonObject retried = parse(core.handleCommand(give.toString()));
        assertEquals("response", retried.get("type").getAsString(), "a failed write may be retried: " + retried);
    }

    @Test
    void cacheForgetsAfterItsTtlAndBeyondItsCapacity() {
        AtomicLong now = new AtomicLong(0);
        IdempotencyCache cache = new IdempotencyCache(2, 10, now::get);
        CompletableFuture<JsonElement> a = CompletableFuture.completedFuture(new JsonPrimitive("a"));
        assertNull(cache.claim("a", a));
        assertSame(a, cache.claim("a", new CompletableFuture<>()));
        now.set(10_001);
        assertNull(cache.claim("a", new CompletableFuture<>()), "expired");
        cache.claim("b", new CompletableFuture<>());
        cache.claim("c", new CompletableFuture<>());
        assertEquals(2, cache.size());
        assertNull(cache.claim("a", new CompletableFuture<>()), "evicted as the oldest");
    }

    @Test
    void offTheServerThreadHandlersHopThereAndTimeOutWithoutRunningTwice() throws Exception {
        game.enforceServerThread = true;
        CoreConfig fast = CoreConfig.builder().serverThreadTimeoutMs(200).build();
        McpBridgeCore c = new McpBridgeCore(game, fast, new CapturingLogger());
        assertEquals("response", parse(c.handleCommand(query("get_server_info", "{}").toString())).get("type").getAsString());

        CountDownLatch release = game.holdServerThread();
        JsonObject say = command("execute_command", "{\"command\":\"say late\"}");
        JsonObject timedOut = parse(c.handleCommand(say.toString()));
        assertEquals("TIMEOUT", errorCode(timedOut), timedOut.toString());
        release.countDown();
        JsonObject replay = parse(c.handleCommand(say.toString()));
        assertEquals("response", replay.get("type").getAsString(), replay.toString());
        assertTrue(replay.getAsJsonObject("payload").get("replay").getAsBoolean());
        assertEquals(1, game.executedCommands.size(), "the late write ran exactly once");
    }
}

package dev.mcpbridge.core.dispatch;

import static dev.mcpbridge.core.testing.Requests.data;
import static dev.mcpbridge.core.testing.Requests.envelope;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.config.IdempotencyLimits;
import dev.mcpbridge.core.spi.GameAccess.CommandResult;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import dev.mcpbridge.core.testing.Requests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The idempotency cache kept in a journal file: what survives a restart, and what is refused. */
class IdempotencyJournalTest {
    @TempDir
    Path dir;
    final CapturingLogger log = new CapturingLogger();
    final AtomicLong now = new AtomicLong(1_000_000);

    Path journal() {
        return dir.resolve("state").resolve("mcpbridge-idempotency.jsonl");
    }

    McpBridgeCore core(FakeGame game, CoreConfig.Builder config) {
        return new McpBridgeCore(game, config.idempotency(IdempotencyLimits.defaults().withJournal(journal(), false))
                .build(), log);
    }

    IdempotencyCache cache(int capacity, long ttlSeconds) {
        return IdempotencyCache.open(journal(), false, capacity, ttlSeconds, now::get, log);
    }

    static JsonObject give(String id, String player) {
        return envelope("command", "give_item", "{\"player\":\"" + player + "\",\"item\":\"diamond\",\"quantity\":3}", id);
    }

    static CompletableFuture<JsonElement> done(String value) {
        return CompletableFuture.completedFuture(new JsonPrimitive(value));
    }

    @Test
    void aWriteDoneBeforeARestartIsReplayedAfterItAndAFailedOneRunsAgain() {
        FakeGame before = new FakeGame();
        McpBridgeCore first = core(before, CoreConfig.builder());
        JsonObject answer = parse(first.handleCommand(give("g-1", "Steve").toString()));
        assertEquals("PLAYER_NOT_FOUND", errorCode(parse(first.handleCommand(give("g-2", "Notch").toString()))));
        assertEquals(1, before.actions.size());
        // no close(): the process dies after answering; the answer's flush put the results in the file

        FakeGame after = new FakeGame();
        after.addPlayer("Notch", "minecraft:overworld", 0, 64, 0);
        McpBridgeCore second = core(after, CoreConfig.builder());
        JsonObject replay = parse(second.handleCommand(give("g-1", "Steve").toString()));
        assertTrue(replay.getAsJsonObject("payload").get("replay").getAsBoolean(), replay.toString());
        assertEquals(data(answer), data(replay));
        assertEquals(List.of(), after.actions, "not given again");
        JsonObject retried = parse(second.handleCommand(give("g-2", "Notch").toString()));
        assertEquals("response", retried.get("type").getAsString(), "a failed write may run again: " + retried);
        assertFalse(retried.getAsJsonObject("payload").has("replay"));
        assertEquals(1, after.actions.size());
        second.close();
    }

    @Test
    void aWriteClaimedButNotFinishedBeforeARestartIsRefusedAndNeverRun() throws Exception {
        FakeGame before = new FakeGame();
        before.enforceServerThread = true;
        McpBridgeCore first = core(before, CoreConfig.builder().serverThreadTimeoutMs(100));
        CountDownLatch release = before.holdServerThread();
        JsonObject say = envelope("command", "execute_command", "{\"command\":\"say maybe\"}", "w-1");
        assertEquals("TIMEOUT", errorCode(parse(first.handleCommand(say.toString()))));
        // the server stops while the write waits for the server thread: it may or may not run

        FakeGame after = new FakeGame();
        McpBridgeCore second = core(after, CoreConfig.builder());
        for (int attempt = 0; attempt < 2; attempt++) {
            JsonObject refused = parse(second.handleCommand(say.toString()));
            assertEquals("SERVER_ERROR", errorCode(refused), refused.toString());
            JsonObject payload = refused.getAsJsonObject("payload");
            assertTrue(payload.get("message").getAsString().contains("may or may not have run"), payload.toString());
            assertTrue(payload.get("message").getAsString().contains("check the game state"), payload.toString());
            assertTrue(payload.getAsJsonObject("details").get("mayHaveRun").getAsBoolean());
            assertEquals("w-1", payload.getAsJsonObject("details").get("id").getAsString());
            assertEquals("w-1", refused.get("id").getAsString());
        }
        assertEquals(List.of(), after.executedCommands, "never run by the restarted server");
        assertTrue(log.lines.stream().anyMatch(l -> l.level().equals("WARN") && l.message().contains("1 in doubt")));
        release.countDown();
        second.close();
    }

    @Test
    void everyWriteOfABatchIsClaimedBeforeTheFirstRuns() throws Exception {
        FakeGame game = new FakeGame();
        McpBridgeCore core = core(game, CoreConfig.builder());
        List<String> seen = new ArrayList<>();
        game.commands = command -> {
            try {
                seen.add(Files.readString(journal()));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return new CommandResult(true, 1, List.of("ok"));
        };
        JsonObject a = envelope("command", "execute_command", "{\"command\":\"say a\"}", "b-1");
        JsonObject b = envelope("command", "execute_command", "{\"command\":\"say b\"}", "b-2");
        core.handleCommand(Requests.batch(a, envelope("query", "get_online_players", "{}", "r-1"), b, a));
        assertEquals(List.of("say a", "say b"), game.executedCommands);
        String atFirstRun = seen.get(0);
        assertTrue(atFirstRun.contains("\"t\":\"claim\",\"id\":\"b-1\"") && atFirstRun.contains("\"t\":\"claim\",\"id\":\"b-2\""),
                atFirstRun);
        assertFalse(atFirstRun.contains("\"id\":\"r-1\""), "reads are not journaled");
        String after = Files.readString(journal());
        assertTrue(after.contains("\"t\":\"done\",\"id\":\"b-1\"") && after.contains("\"t\":\"done\",\"id\":\"b-2\""), after);
        core.close();
    }

    @Test
    void tornAndGarbageLinesAreSkippedWithAWarning() throws IOException {
        Files.createDirectories(journal().getParent());
        Files.writeString(journal(), String.join("\n",
                "{\"t\":\"done\",\"id\":\"a\",\"at\":1000000,\"data\":{\"n\":1.50,\"s\":\"\\u00e9\"}}",
                "not json at all \u0000\u00ff",
                "{\"t\":\"nope\",\"id\":\"x\",\"at\":1}",
                "{\"t\":\"claim\",\"id\":\"b\",\"at\":1000000}",
                "",
                "{\"t\":\"done\",\"id\":\"c\",\"at\":1000000,\"data\":7}",
                "{\"t\":\"done\",\"id\":\"b\",\"at\":1000000,\"da"), StandardCharsets.ISO_8859_1);
        IdempotencyCache cache = cache(10, 60);
        assertEquals(3, cache.size(), "a, b (in doubt: its done line is torn), c");
        assertEquals(json("{\"n\":1.50,\"s\":\"\\u00e9\"}"), cache.claim("a", new CompletableFuture<>()).join());
        assertEquals(new JsonPrimitive(7), cache.claim("c", new CompletableFuture<>()).join().getAsJsonPrimitive());
        assertInDoubt(cache.claim("b", new CompletableFuture<>()), "b");
        assertTrue(log.lines.stream().anyMatch(l -> l.level().equals("WARN") && l.message().contains("skipped 3 unreadable line(s) [2, 3, 7]")),
                log.lines.toString());
        assertEquals(List.of("{\"t\":\"done\",\"id\":\"a\",\"at\":1000000,\"data\":{\"n\":1.50,\"s\":\"\\u00e9\"}}",
                "{\"t\":\"claim\",\"id\":\"b\",\"at\":1000000}",
                "{\"t\":\"done\",\"id\":\"c\",\"at\":1000000,\"data\":7}"), Files.readAllLines(journal()),
                "compacted at load: the live entries only, in their order");
    }

    @Test
    void compactionKeepsExactlyTheLiveEntries() throws IOException {
        // The same claims on a journaled cache and on a memory-only twin; after a crash and a reload
        // (which compacts), the journaled one must hold what the twin holds, with running writes in doubt.
        IdempotencyCache durable = cache(4, 60);
        IdempotencyCache twin = new IdempotencyCache(4, 60, now::get);
        int longest = 0;
        for (int i = 0; i < 40; i++) {
            String id = "id-" + (i * 7 % 11);
            CompletableFuture<JsonElement> f = new CompletableFuture<>();
            CompletableFuture<JsonElement> g = new CompletableFuture<>();
            CompletableFuture<JsonElement> a = durable.claim(id, f);
            assertEquals(twin.claim(id, g) == null, a == null, "claim " + i + " of " + id);
            if (a == null && i % 3 == 0) {
                f.completeExceptionally(new IllegalStateException("failed"));
                g.completeExceptionally(new IllegalStateException("failed"));
            } else if (a == null && i != 38) {
                f.complete(new JsonPrimitive(i));
                g.complete(new JsonPrimitive(i));
            }
            durable.flush();
            longest = Math.max(longest, Files.readAllLines(journal()).size());
        }
        assertTrue(longest <= 4 * 4 + 2, "compacted as it grows: at most " + longest + " lines");

        durable.abandonForTest();
        IdempotencyCache reloaded = cache(4, 60);
        assertEquals(twin.size(), reloaded.size());
        assertEquals(twin.size(), Files.readAllLines(journal()).size(), "one line per live entry");
        for (int k = 0; k < 11; k++) {
            String id = "id-" + k;
            CompletableFuture<JsonElement> expected = twin.claim(id, new CompletableFuture<>());
            CompletableFuture<JsonElement> actual = reloaded.claim(id, new CompletableFuture<>());
            if (expected == null) {
                assertNull(actual, id + " is not live, so it runs");
            } else if (expected.isDone()) {
                assertEquals(expected.join(), actual.join(), id);
            } else {
                assertInDoubt(actual, id);
            }
        }
    }

    @Test
    void ttlAndCapacityStillHoldAcrossRestarts() {
        IdempotencyCache cache = cache(2, 10);
        assertNull(cache.claim("a", done("a")));
        now.addAndGet(1);
        assertNull(cache.claim("b", done("b")));
        assertNull(cache.claim("c", new CompletableFuture<>()));
        cache.close();
        now.addAndGet(1);

        IdempotencyCache reopened = cache(2, 10);
        assertEquals(2, reopened.size());
        assertEquals(new JsonPrimitive("b"), reopened.claim("b", new CompletableFuture<>()).join());
        assertInDoubt(reopened.claim("c", new CompletableFuture<>()), "c");
        assertNull(reopened.claim("a", new CompletableFuture<>()), "evicted as the oldest");
        reopened.close();

        now.addAndGet(9_999);
        IdempotencyCache expired = cache(2, 10);
        assertEquals(1, expired.size(), "only a (claimed last) is younger than the TTL");
        assertNull(expired.claim("c", new CompletableFuture<>()), "an id in doubt expires with the TTL");
        assertNull(expired.claim("b", new CompletableFuture<>()));
    }

    @Test
    void aJournalThatCannotBeWrittenRefusesWritesInsteadOfRunningThem() throws IOException {
        FakeGame game = new FakeGame();
        McpBridgeCore core = core(game, CoreConfig.builder());
        Files.delete(journal());
        Files.delete(journal().getParent());
        Files.writeString(journal().getParent(), "a file where the journal's directory was");
        JsonObject refused = parse(core.handleCommand(give("x-1", "Steve").toString()));
        assertEquals("SERVER_ERROR", errorCode(refused), refused.toString());
        assertFalse(refused.getAsJsonObject("payload").getAsJsonObject("details").get("mayHaveRun").getAsBoolean());
        assertEquals(List.of(), game.actions);
        assertEquals(1, log.errors().size(), "logged once: " + log.lines);

        Files.delete(journal().getParent());
        JsonObject later = parse(core.handleCommand(give("x-1", "Steve").toString()));
        assertEquals("response", later.get("type").getAsString(), "runs once the journal is writable: " + later);
        assertEquals(1, game.actions.size());
        core.close();
    }

    @Test
    void aJournalThatCannotBeReadStopsTheStart() throws IOException {
        Files.createDirectories(journal());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> core(new FakeGame(), CoreConfig.builder()));
        assertTrue(e.getMessage().contains(journal().toString()), e.getMessage());
    }

    @Test
    void withoutAJournalNothingIsWritten() throws IOException {
        McpBridgeCore core = new McpBridgeCore(new FakeGame(), CoreConfig.defaults(), log);
        core.handleCommand(give("m-1", "Steve").toString());
        core.close();
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    static JsonElement json(String text) {
        return JsonParser.parseString(text);
    }

    static void assertInDoubt(CompletableFuture<JsonElement> answer, String id) {
        assertNotNull(answer, "refused, not run");
        ExecutionException e = assertThrows(ExecutionException.class, answer::get);
        BridgeException b = (BridgeException) e.getCause();
        assertEquals(ErrorCode.SERVER_ERROR, b.code());
        assertTrue(b.details().get("mayHaveRun").getAsBoolean());
        assertEquals(id, b.details().get("id").getAsString());
    }
}

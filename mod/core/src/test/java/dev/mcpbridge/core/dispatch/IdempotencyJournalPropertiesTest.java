package dev.mcpbridge.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonPrimitive;
import dev.mcpbridge.core.testing.CapturingLogger;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** The journaled idempotency cache under random claims, results, flushes, crashes and clean restarts. */
class IdempotencyJournalPropertiesTest {
    sealed interface Op permits Claim, Finish, Flush, Restart {}

    /** A request with this id arrives; when the cache says so it "runs" (counted). */
    record Claim(List<String> ids) implements Op {}

    /** The running write of this id ends, with a result or a failure. */
    record Finish(String id, boolean ok) implements Op {}

    /** The dispatcher answered: results reach the OS. */
    record Flush() implements Op {}

    /** The server stops: cleanly (close) or by a crash (unflushed records lost, maybe a torn line). */
    record Restart(boolean crash, boolean tornLine) implements Op {}

    /** What may have happened to the game for an id. */
    enum Effect { NONE, RUNNING, MAYBE, DONE }

    private static final List<String> IDS = List.of("a", "b", "c", "d");
    private static final int CAPACITY = IDS.size(); // never evicts: an evicted id may run again by design

    // Feature: minecraft-mcp-bridge, Property 13: Connection error recovery - a write retried with the
    // same id runs at most once, also across server restarts (the idempotency journal)
    @Property(tries = 200)
    void everyIdRunsAtMostOnceAcrossRestarts(@ForAll("runs") List<Op> ops) throws IOException {
        Path dir = Files.createTempDirectory("idem-prop");
        Path file = dir.resolve("journal.jsonl");
        try {
            check(ops, file);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    private static void check(List<Op> ops, Path file) throws IOException {
        CapturingLogger log = new CapturingLogger();
        IdempotencyCache cache = IdempotencyCache.open(file, false, CAPACITY, 3600, () -> 1_000L, log);
        Map<String, Effect> effect = new HashMap<>();
        Map<String, JsonElement> results = new HashMap<>();
        Map<String, CompletableFuture<JsonElement>> running = new HashMap<>();
        // Results not yet flushed, and ids whose result a crash may have lost: those may be in doubt too.
        Set<String> unflushed = new HashSet<>();
        Set<String> lostResult = new HashSet<>();
        for (Op op : ops) {
            if (op instanceof Claim c) {
                List<CompletableFuture<JsonElement>> fresh = new ArrayList<>();
                for (int i = 0; i < c.ids().size(); i++) fresh.add(new CompletableFuture<>());
                List<CompletableFuture<JsonElement>> answers = cache.claimAll(c.ids(), fresh);
                for (int i = 0; i < c.ids().size(); i++) {
                    String id = c.ids().get(i);
                    CompletableFuture<JsonElement> answer = answers.get(i);
                    Effect now = effect.getOrDefault(id, Effect.NONE);
                    if (answer == null) {
                        if (now != Effect.NONE) fail(id + " ran again although it " + now + " before: " + ops);
                        effect.put(id, Effect.RUNNING);
                        running.put(id, fresh.get(i));
                        lostResult.remove(id);
                    } else if (now == Effect.RUNNING) {
                        assertSame(running.get(id), answer, "a duplicate waits for the running write");
                    } else if (answer.isCompletedExceptionally()) {
                        assertInDoubt(answer, id);
                        assertTrue(now == Effect.MAYBE || lostResult.contains(id), id + " refused without reason: " + ops);
                    } else {
                        assertEquals(Effect.DONE, now, id + " replayed without a result: " + ops);
                        assertEquals(results.get(id), answer.join(), "the recorded result is replayed");
                    }
                }
            } else if (op instanceof Finish f) {
                CompletableFuture<JsonElement> write = running.remove(f.id());
                if (write == null) continue;
                unflushed.add(f.id());
                if (f.ok()) {
                    JsonElement data = new JsonPrimitive(f.id() + "#" + results.size());
                    results.put(f.id(), data);
                    effect.put(f.id(), Effect.DONE);
                    write.complete(data);
                } else {
                    effect.put(f.id(), Effect.NONE); // a failed write changed nothing
                    write.completeExceptionally(new IllegalStateException("failed"));
                }
            } else if (op instanceof Flush) {
                cache.flush();
                unflushed.clear();
            } else if (op instanceof Restart r) {
                if (r.crash()) lostResult.addAll(unflushed);
                unflushed.clear();
                if (r.crash()) cache.abandonForTest();
                else cache.close();
                if (r.crash() && r.tornLine() && Files.exists(file)) {
                    Files.writeString(file, "{\"t\":\"claim\",\"id\":\"a", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
                }
                for (String id : running.keySet()) effect.put(id, Effect.MAYBE); // stopped mid-write
                running.clear();
                cache = IdempotencyCache.open(file, false, CAPACITY, 3600, () -> 1_000L, log);
            }
        }
        assertEquals(List.of(), log.errors());
    }

    private static void assertInDoubt(CompletableFuture<JsonElement> answer, String id) {
        try {
            answer.join();
            fail("expected a refusal");
        } catch (CompletionException e) {
            BridgeException b = (BridgeException) e.getCause();
            assertEquals(ErrorCode.SERVER_ERROR, b.code());
            assertTrue(b.details().get("mayHaveRun").getAsBoolean());
            assertEquals(id, b.details().get("id").getAsString());
        }
    }

    @Provide
    Arbitrary<List<Op>> runs() {
        Arbitrary<String> id = Arbitraries.of(IDS);
        Arbitrary<Op> claim = id.list().ofMinSize(1).ofMaxSize(4).map(Claim::new);
        Arbitrary<Op> finish = Combinators.combine(id, Arbitraries.of(true, true, false)).as(Finish::new);
        Arbitrary<Op> flush = Arbitraries.just(new Flush());
        Arbitrary<Op> restart = Combinators.combine(Arbitraries.of(true, true, false), Arbitraries.of(true, false))
                .as(Restart::new);
        return Arbitraries.frequencyOf(
                Tuple.of(5, claim), Tuple.of(5, finish),
                Tuple.of(2, flush), Tuple.of(2, restart))
                .list().ofMinSize(1).ofMaxSize(40);
    }
}

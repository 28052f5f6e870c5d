package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.config.IdempotencyLimits;
import dev.mcpbridge.core.dispatch.IdempotencyJournal.Kind;
import dev.mcpbridge.core.dispatch.IdempotencyJournal.Record;
import dev.mcpbridge.core.json.AsciiJson;
import dev.mcpbridge.core.spi.CoreLogger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * Request id -> the (possibly still running) result of a write operation. Bounded (oldest evicted)
 * and time-limited. Only successes are kept: a write that failed changed nothing and may be retried.
 * An entry is registered before the write runs, so a duplicate that arrives meanwhile waits for the
 * same execution instead of starting a second one.
 *
 * <p>With a journal ({@link #open}) the cache outlives the server process: claims reach the file
 * before their writes run, results when the request is answered. An id claimed before a restart whose
 * result was never recorded is "in doubt": it is refused (SERVER_ERROR, mayHaveRun) until it expires,
 * because running it again could do it twice.
 */
public final class IdempotencyCache implements AutoCloseable {
    /**
     * {@code result} null = in doubt (claimed before a restart, no result recorded). {@code dataJson}: the
     * result as written to the journal, kept so compaction does not serialize it again.
     */
    private record Entry(CompletableFuture<JsonElement> result, long claimedAtMs, long expiresAtMs, String dataJson) {
        Entry(CompletableFuture<JsonElement> result, long claimedAtMs, long expiresAtMs) {
            this(result, claimedAtMs, expiresAtMs, null);
        }
    }

    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>();
    private final LongSupplier clockMs;
    private final IdempotencyJournal journal;
    private final CoreLogger log;
    private volatile int capacity;
    private volatile long ttlMs;
    private volatile int maxResultBytes = IdempotencyLimits.DEFAULT_MAX_RESULT_BYTES;

    /** In memory only. */
    public IdempotencyCache(int capacity, long ttlSeconds, LongSupplier clockMs) {
        this(capacity, ttlSeconds, clockMs, null, null);
    }

    private IdempotencyCache(int capacity, long ttlSeconds, LongSupplier clockMs, IdempotencyJournal journal,
                             CoreLogger log) {
        this.clockMs = clockMs;
        this.journal = journal;
        this.log = log;
        resize(capacity, ttlSeconds);
    }

    /**
     * A cache kept in {@code file}: loads what it holds (skipping unreadable lines), then compacts it.
     *
     * @throws IllegalStateException when the file exists but cannot be read or rewritten: without it the
     *                               cache cannot tell which writes may already have run, so it must not start
     */
    public static IdempotencyCache open(Path file, boolean fsync, int capacity, long ttlSeconds, LongSupplier clockMs,
                                        CoreLogger log) {
        IdempotencyJournal journal = new IdempotencyJournal(file, fsync, log);
        IdempotencyCache cache = new IdempotencyCache(capacity, ttlSeconds, clockMs, journal, log);
        try {
            cache.load(journal.load());
        } catch (IOException e) {
            throw new IllegalStateException("Cannot load the idempotency journal " + journal.file() + ": " + e
                    + "; fix its permissions or move it away (writes it recorded may then run again)", e);
        }
        return cache;
    }

    public void resize(int capacity, long ttlSeconds) {
        synchronized (entries) {
            this.capacity = capacity;
            this.ttlMs = ttlSeconds * 1000;
            evict(clockMs.getAsLong());
        }
    }

    /** Longest result kept per id (ASCII JSON); longer ones are kept cut ({@link AnswerCut}). */
    public void maxResultBytes(int bytes) {
        maxResultBytes = bytes;
    }

    /**
     * The existing result for {@code id} when there is a live one (the caller replays it); otherwise
     * registers {@code fresh} for {@code id} and returns null (the caller runs the write into it).
     */
    public CompletableFuture<JsonElement> claim(String id, CompletableFuture<JsonElement> fresh) {
        return claimAll(List.of(id), List.of(fresh)).get(0);
    }

    /**
     * {@link #claim} for several writes with ONE journal flush, before any of them runs. The i-th answer
     * is null when the caller must run {@code fresh.get(i)}; otherwise the caller awaits it: a stored or
     * running result, or a failure (an id in doubt, or a claim the journal could not record, which is
     * then not run).
     */
    public List<CompletableFuture<JsonElement>> claimAll(List<String> ids, List<CompletableFuture<JsonElement>> fresh) {
        long now = clockMs.getAsLong();
        List<CompletableFuture<JsonElement>> out = new ArrayList<>(ids.size());
        List<Integer> claimed = new ArrayList<>();
        BridgeException refused = null;
        synchronized (entries) {
            // Each write leaves two records (claim, done): compacting once the file holds twice the capacity's
            // worth of them rewrites at most `capacity` lines per `capacity` writes.
            if (journal != null && journal.records() > 4L * capacity) compact(now);
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                Entry existing = entries.get(id);
                if (existing != null && existing.expiresAtMs > now) {
                    if (existing.result == null) {
                        out.add(CompletableFuture.failedFuture(inDoubt(id)));
                        continue;
                    }
                    if (!existing.result.isCompletedExceptionally()) {
                        out.add(existing.result);
                        continue;
                    }
                }
                entries.remove(id);
                entries.put(id, new Entry(fresh.get(i), now, now + ttlMs));
                if (journal != null) journal.append(Kind.CLAIM, id, now, null);
                out.add(null);
                claimed.add(i);
            }
            evict(now);
            if (journal != null && !claimed.isEmpty()) {
                try {
                    journal.flush(true);
                } catch (IOException e) {
                    refused = notRecorded(e);
                }
            }
        }
        for (int i : claimed) {
            String id = ids.get(i);
            CompletableFuture<JsonElement> f = fresh.get(i);
            f.whenComplete((data, error) -> completed(id, f, data, error));
            if (refused != null) {
                f.completeExceptionally(refused);
                out.set(i, f);
            }
        }
        return out;
    }

    /** Hands recorded results to the OS (no fsync: a lost result only makes its id in doubt). Never throws. */
    public void flush() {
        if (journal == null) return;
        synchronized (entries) {
            try {
                journal.flush(false);
            } catch (IOException e) {
                // logged by the journal; those ids are in doubt after a restart, which is safe
            }
        }
    }

    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    /** Flushes and releases the journal file; the cache stays usable (the file is reopened when needed). */
    @Override
    public void close() {
        if (journal == null) return;
        synchronized (entries) {
            journal.close();
        }
    }

    /** Drops unflushed journal records and releases the file, as a crash of the process would. For tests. */
    void abandonForTest() {
        synchronized (entries) {
            journal.abandon();
        }
    }

    private void completed(String id, CompletableFuture<JsonElement> f, JsonElement data, Throwable error) {
        synchronized (entries) {
            Entry e = entries.get(id);
            if (e == null || e.result != f) return;
            if (error != null) {
                entries.remove(id);
                if (journal != null) journal.append(Kind.FAIL, id, e.claimedAtMs, null);
            } else {
                // What is kept is bounded: one huge answer must not fill the memory or the journal.
                JsonElement kept = AnswerCut.cut(data, maxResultBytes);
                if (kept == data && journal == null) return;
                String json = kept == null || kept.isJsonNull() ? null : AsciiJson.write(kept);
                CompletableFuture<JsonElement> stored = kept == data ? f : CompletableFuture.completedFuture(kept);
                entries.put(id, new Entry(stored, e.claimedAtMs, e.expiresAtMs, json)); // same key: keeps its place
                if (journal != null) journal.append(Kind.DONE, id, e.claimedAtMs, json);
            }
        }
    }

    private void load(List<Record> records) throws IOException {
        synchronized (entries) {
            long now = clockMs.getAsLong();
            // Replayed in file order with the same eviction as when they were written, so an id evicted
            // back then (to make room) stays evicted.
            for (Record r : records) {
                switch (r.kind()) {
                    case CLAIM -> {
                        entries.remove(r.id());
                        entries.put(r.id(), new Entry(null, r.at(), r.at() + ttlMs));
                    }
                    case DONE -> entries.put(r.id(), new Entry(CompletableFuture.completedFuture(
                            r.dataJson() == null ? null : JsonParser.parseString(r.dataJson())),
                            r.at(), r.at() + ttlMs, r.dataJson()));
                    case FAIL -> entries.remove(r.id());
                }
                evict(now);
            }
            journal.rewrite(liveRecords());
            long inDoubt = entries.values().stream().filter(e -> e.result == null).count();
            String summary = "Idempotency journal " + journal.file() + " (fsync " + (journal.fsync() ? "on" : "off")
                    + "): " + (entries.size() - inDoubt) + " write result(s) kept for replay, " + inDoubt + " in doubt";
            if (inDoubt == 0) {
                log.info(summary);
            } else {
                log.warn(summary + " (claimed before the last stop, result never recorded; refused until they expire)");
            }
        }
    }

    private void compact(long now) {
        evict(now);
        try {
            journal.rewrite(liveRecords());
        } catch (IOException e) {
            log.warn("Cannot compact the idempotency journal " + journal.file() + " (it keeps growing): " + e);
        }
    }

    /** Entries as the records that rebuild them; failed ones are left out. */
    private List<Record> liveRecords() {
        List<Record> live = new ArrayList<>(entries.size());
        for (Map.Entry<String, Entry> me : entries.entrySet()) {
            Entry e = me.getValue();
            if (e.result == null || !e.result.isDone()) {
                live.add(new Record(Kind.CLAIM, me.getKey(), e.claimedAtMs, null));
            } else if (!e.result.isCompletedExceptionally()) {
                String json = e.dataJson;
                JsonElement data = e.result.getNow(null);
                // finished, but its callback still waits for the lock this compaction holds
                if (json == null && data != null && !data.isJsonNull()) json = AsciiJson.write(data);
                live.add(new Record(Kind.DONE, me.getKey(), e.claimedAtMs, json));
            }
        }
        return live;
    }

    private void evict(long now) {
        Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, Entry> e = it.next();
            if (entries.size() > capacity || e.getValue().expiresAtMs <= now) it.remove();
            else break;
        }
    }

    private static BridgeException inDoubt(String id) {
        JsonObject d = new JsonObject();
        d.addProperty("mayHaveRun", true);
        d.addProperty("id", id);
        return new BridgeException(ErrorCode.SERVER_ERROR, "Write " + id + " may or may not have run: the server"
                + " restarted before its result was recorded. It is not run again with this id; check the game"
                + " state, then send it with a new id if it is still needed", d);
    }

    private BridgeException notRecorded(IOException e) {
        JsonObject d = new JsonObject();
        d.addProperty("mayHaveRun", false);
        return new BridgeException(ErrorCode.SERVER_ERROR, "Write not run: the idempotency journal "
                + journal.file() + " cannot be written (" + e + "); see the server log", d, e);
    }
}

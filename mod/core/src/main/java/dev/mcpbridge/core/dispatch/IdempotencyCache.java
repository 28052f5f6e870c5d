package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonElement;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * Request id -> the (possibly still running) result of a write operation. Bounded (oldest evicted)
 * and time-limited. Only successes are kept: a write that failed changed nothing and may be retried.
 * An entry is registered before the write runs, so a duplicate that arrives meanwhile waits for the
 * same execution instead of starting a second one.
 */
public final class IdempotencyCache {
    private record Entry(CompletableFuture<JsonElement> result, long expiresAtMs) {}

    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>();
    private final LongSupplier clockMs;
    private volatile int capacity;
    private volatile long ttlMs;

    public IdempotencyCache(int capacity, long ttlSeconds, LongSupplier clockMs) {
        this.clockMs = clockMs;
        resize(capacity, ttlSeconds);
    }

    public void resize(int capacity, long ttlSeconds) {
        synchronized (entries) {
            this.capacity = capacity;
            this.ttlMs = ttlSeconds * 1000;
            evict(clockMs.getAsLong());
        }
    }

    /**
     * The existing result for {@code id} when there is a live one (the caller replays it); otherwise
     * registers {@code fresh} for {@code id} and returns null (the caller runs the write into it).
     */
    public CompletableFuture<JsonElement> claim(String id, CompletableFuture<JsonElement> fresh) {
        long now = clockMs.getAsLong();
        synchronized (entries) {
            Entry existing = entries.get(id);
            if (existing != null && existing.expiresAtMs > now && !existing.result.isCompletedExceptionally()) {
                return existing.result;
            }
            entries.remove(id);
            entries.put(id, new Entry(fresh, now + ttlMs));
            evict(now);
        }
        fresh.whenComplete((data, error) -> {
            if (error != null) {
                synchronized (entries) {
                    Entry e = entries.get(id);
                    if (e != null && e.result == fresh) entries.remove(id);
                }
            }
        });
        return null;
    }

    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    private void evict(long now) {
        Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, Entry> e = it.next();
            if (entries.size() > capacity || e.getValue().expiresAtMs <= now) it.remove();
            else break;
        }
    }
}

package dev.mcpbridge.core.events;

import java.util.concurrent.ThreadLocalRandom;

/** Jittered exponential backoff: base * 2^(failures-1), capped, then a random point in its upper half. */
public record Backoff(long baseMs, long maxMs) {
    public long delayMs(int failures) {
        int shift = Math.max(0, Math.min(failures - 1, 30));
        long capped = Math.min(maxMs, baseMs << shift);
        long half = capped / 2;
        return half + ThreadLocalRandom.current().nextLong(capped - half + 1);
    }
}

package dev.mcpbridge.core.config;

/** The write-replay cache: how many request ids it remembers and for how long. */
public record IdempotencyLimits(int capacity, long ttlSeconds) {
    public IdempotencyLimits {
        if (capacity < 1) throw new IllegalArgumentException("idempotency.capacity must be >= 1, got " + capacity);
        if (ttlSeconds < 1) throw new IllegalArgumentException("idempotency.ttlSeconds must be >= 1, got " + ttlSeconds);
    }

    public static IdempotencyLimits defaults() {
        return new IdempotencyLimits(4096, 600);
    }
}

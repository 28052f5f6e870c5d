package dev.mcpbridge.core.config;

import java.nio.file.Path;

/**
 * The write-replay cache: how many request ids it remembers, for how long, and where it keeps them
 * across restarts.
 *
 * @param capacity       request ids remembered (the oldest is forgotten first)
 * @param ttlSeconds     how long an id is remembered after its write was claimed
 * @param journal        append-only file that keeps the cache across server restarts; null = memory only
 *                       (a write whose answer was lost in a crash may then run again when retried)
 * @param journalFsync   also fsync each claim before the write runs. Off: the journal survives a crash of
 *                       the server process (records are handed to the OS before the write runs). On: it also
 *                       survives an OS crash or power loss, at the price of one disk sync per request or batch
 * @param maxResultBytes longest result kept per request (ASCII JSON, in memory and in the journal); a longer
 *                       one is kept with its longest strings cut and marked. The first caller still gets the
 *                       whole answer; a replay gets the cut one
 */
public record IdempotencyLimits(int capacity, long ttlSeconds, Path journal, boolean journalFsync, int maxResultBytes) {
    /** The journal's file name where a host picks its directory (the server's, the devserver's state dir). */
    public static final String JOURNAL_FILE_NAME = "mcpbridge-idempotency.jsonl";
    public static final int DEFAULT_MAX_RESULT_BYTES = 64 * 1024;
    public static final int MIN_MAX_RESULT_BYTES = 1024;

    public IdempotencyLimits {
        if (capacity < 1) throw new IllegalArgumentException("idempotency.capacity must be >= 1, got " + capacity);
        if (ttlSeconds < 1) throw new IllegalArgumentException("idempotency.ttlSeconds must be >= 1, got " + ttlSeconds);
        if (maxResultBytes < MIN_MAX_RESULT_BYTES) {
            throw new IllegalArgumentException("idempotency.maxResultBytes must be >= " + MIN_MAX_RESULT_BYTES
                    + ", got " + maxResultBytes);
        }
    }

    /** With the default result bound. */
    public IdempotencyLimits(int capacity, long ttlSeconds, Path journal, boolean journalFsync) {
        this(capacity, ttlSeconds, journal, journalFsync, DEFAULT_MAX_RESULT_BYTES);
    }

    /** In memory only. */
    public IdempotencyLimits(int capacity, long ttlSeconds) {
        this(capacity, ttlSeconds, null, false);
    }

    public static IdempotencyLimits defaults() {
        return new IdempotencyLimits(4096, 600);
    }

    public IdempotencyLimits withJournal(Path file, boolean fsync) {
        return new IdempotencyLimits(capacity, ttlSeconds, file, fsync, maxResultBytes);
    }

    public IdempotencyLimits withMaxResultBytes(int bytes) {
        return new IdempotencyLimits(capacity, ttlSeconds, journal, journalFsync, bytes);
    }
}

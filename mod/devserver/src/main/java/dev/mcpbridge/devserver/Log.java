package dev.mcpbridge.devserver;

import java.time.LocalTime;

/**
 * Log lines go to stderr; stdout carries only the READY line that launchers wait for. Lines of the
 * main thread are written out when its current task or tick ends ({@link #flush}, called by the tick
 * loop), so the lines of one RCON command cost one write; lines of other threads are written at once.
 */
public final class Log {
    private static final StringBuilder PENDING = new StringBuilder();
    private static volatile Thread deferring;

    private Log() {}

    public static void info(String message) {
        line("INFO", message);
    }

    public static void warn(String message) {
        line("WARN", message);
    }

    public static void error(String message, Throwable error) {
        synchronized (PENDING) {
            line("ERROR", message);
            if (error != null) {
                flush();
                error.printStackTrace(System.err);
            }
        }
    }

    /** Lines logged on {@code thread} wait for {@link #flush} (the tick loop's thread). */
    public static void deferFlushesOf(Thread thread) {
        deferring = thread;
    }

    /** Writes out the lines logged so far. */
    public static void flush() {
        synchronized (PENDING) {
            if (PENDING.length() > 0) {
                System.err.print(PENDING);
                PENDING.setLength(0);
            }
        }
    }

    private static void line(String level, String message) {
        Thread thread = Thread.currentThread();
        LocalTime now = LocalTime.now();
        int millis = now.getNano() / 1_000_000;
        synchronized (PENDING) {
            StringBuilder s = PENDING.append('[');
            two(s, now.getHour()).append(':');
            two(s, now.getMinute()).append(':');
            two(s, now.getSecond()).append('.').append((char) ('0' + millis / 100));
            two(s, millis % 100).append("] [").append(thread.getName()).append('/').append(level)
                    .append("] [devserver] ").append(message).append(System.lineSeparator());
            if (thread != deferring) flush();
        }
    }

    private static StringBuilder two(StringBuilder s, int value) {
        return s.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }
}

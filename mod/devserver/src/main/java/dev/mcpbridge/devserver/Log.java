package dev.mcpbridge.devserver;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** Log lines go to stderr; stdout carries only the READY line that launchers wait for. */
public final class Log {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

    private Log() {}

    public static void info(String message) {
        line("INFO", message);
    }

    public static void warn(String message) {
        line("WARN", message);
    }

    public static void error(String message, Throwable error) {
        line("ERROR", message);
        if (error != null) {
            error.printStackTrace(System.err);
        }
    }

    private static void line(String level, String message) {
        System.err.println("[" + LocalTime.now().format(TIME) + "] [" + Thread.currentThread().getName() + "/" + level
                + "] [devserver] " + message);
    }
}

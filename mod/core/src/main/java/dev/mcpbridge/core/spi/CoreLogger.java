package dev.mcpbridge.core.spi;

/** The core's own tiny logger; platforms map it onto SLF4J/log4j, tests capture it. */
public interface CoreLogger {
    void info(String message);

    void warn(String message);

    /** Logs with the stack trace of {@code error}. */
    void error(String message, Throwable error);
}

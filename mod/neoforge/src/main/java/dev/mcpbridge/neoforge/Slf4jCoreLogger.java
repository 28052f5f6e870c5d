// Checked against every line in versions/ (Mojang names); calls that differ live in src/mc<line>/java; see API-NOTES.md.
package dev.mcpbridge.neoforge;

import dev.mcpbridge.core.spi.CoreLogger;
import org.slf4j.Logger;

/** The core's logger on the server log (SLF4J, as Minecraft's LogUtils hands it out). */
final class Slf4jCoreLogger implements CoreLogger {
    private final Logger log;

    Slf4jCoreLogger(Logger log) {
        this.log = log;
    }

    @Override
    public void info(String message) {
        log.info(message);
    }

    @Override
    public void warn(String message) {
        log.warn(message);
    }

    @Override
    public void error(String message, Throwable error) {
        log.error(message, error);
    }
}

package dev.mcpbridge.core.testing;

import dev.mcpbridge.core.spi.CoreLogger;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps every log line (with its throwable) so tests can assert on what was logged. */
public final class CapturingLogger implements CoreLogger {
    public record Line(String level, String message, Throwable error) {}

    public final List<Line> lines = new CopyOnWriteArrayList<>();

    @Override
    public void info(String message) {
        lines.add(new Line("INFO", message, null));
    }

    @Override
    public void warn(String message) {
        lines.add(new Line("WARN", message, null));
    }

    @Override
    public void error(String message, Throwable error) {
        lines.add(new Line("ERROR", message, error));
    }

    public List<Line> errors() {
        return lines.stream().filter(l -> l.level().equals("ERROR")).toList();
    }
}

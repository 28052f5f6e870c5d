package dev.mcpbridge.devserver.log;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.zip.GZIPOutputStream;

/**
 * The server's {@code logs/latest.log}, written as vanilla's log4j2 configuration does: each line
 * {@code [HH:mm:ss] [thread/LEVEL]: message}, written out at once (immediateFlush), and at start-up the
 * previous {@code latest.log} is rolled over to {@code yyyy-MM-dd-N.log.gz} (the date of its last
 * change, N the first free number from 1; OnStartupTriggeringPolicy + the default rollover strategy).
 */
public final class ServerLog implements AutoCloseable {
    private final Path file;
    private final OutputStream out;
    private final StringBuilder line = new StringBuilder(256);
    private boolean closed;

    private ServerLog(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
    }

    /** Rolls over an existing {@code dir/latest.log} and opens a new one. */
    public static ServerLog open(Path dir) {
        try {
            Files.createDirectories(dir);
            Path latest = dir.resolve("latest.log");
            if (Files.exists(latest)) {
                rollOver(latest);
            }
            OutputStream out = Files.newOutputStream(latest, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new ServerLog(latest, out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the server log in " + dir, e);
        }
    }

    /** The archive name vanilla would give the file now: {@code yyyy-MM-dd-N.log.gz}. */
    static Path archiveName(Path latest) throws IOException {
        Instant changed = Files.getLastModifiedTime(latest).toInstant();
        LocalDate day = LocalDate.ofInstant(changed, ZoneId.systemDefault());
        for (int n = 1; ; n++) {
            Path candidate = latest.resolveSibling(day + "-" + n + ".log.gz");
            if (!Files.exists(candidate)) {
                return candidate;
            }
        }
    }

    private static void rollOver(Path latest) throws IOException {
        Path archive = archiveName(latest);
        Path renamed = latest.resolveSibling(archive.getFileName().toString().replace(".gz", ""));
        // log4j renames first, then compresses the renamed file and deletes it.
        Files.move(latest, renamed);
        try (InputStream in = Files.newInputStream(renamed);
             OutputStream gz = new GZIPOutputStream(Files.newOutputStream(archive, StandardOpenOption.CREATE_NEW))) {
            in.transferTo(gz);
        }
        Files.delete(renamed);
    }

    public Path file() {
        return file;
    }

    public void info(String thread, String message) {
        write(thread, "INFO", message);
    }

    public void warn(String thread, String message) {
        write(thread, "WARN", message);
    }

    /** One line, written at once so a reader of the file sees it immediately. */
    public synchronized void write(String thread, String level, String message) {
        if (closed) {
            return;
        }
        LocalTime now = LocalTime.now();
        line.setLength(0);
        line.append('[');
        two(now.getHour()).append(':');
        two(now.getMinute()).append(':');
        two(now.getSecond()).append("] [").append(thread).append('/').append(level).append("]: ")
                .append(message).append('\n');
        try {
            out.write(line.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            closed = true;
            throw new UncheckedIOException("cannot write the server log " + file, e);
        }
    }

    private StringBuilder two(int value) {
        return line.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // closing at shutdown: nothing left to do
        }
    }
}

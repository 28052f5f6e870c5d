package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dev.mcpbridge.core.json.AsciiJson;
import dev.mcpbridge.core.spi.CoreLogger;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The idempotency cache's append-only file. In: records from the cache; out: the records read back at
 * start. One ASCII JSON object per line:
 * <pre>
 *   {"t":"claim","id":ID,"at":MS}          the write was about to run
 *   {"t":"done","id":ID,"at":MS,"data":D}  it succeeded with result D (no "data" when the result was null)
 *   {"t":"fail","id":ID,"at":MS}           it failed, so it changed nothing
 * </pre>
 * {@code at} is when the id was claimed (epoch ms): the entry expires at {@code at + ttl}. A later
 * record for an id supersedes earlier ones. Lines that do not parse (a line torn by a crash) are skipped.
 *
 * <p>Records collect in memory and reach the file on {@link #flush}: one write call for all of them.
 * Without fsync a record is in the OS page cache once flush returns, which survives a crash of the
 * server process but not of the OS; with fsync it is on the disk. Not thread-safe: the cache locks.
 */
final class IdempotencyJournal {
    enum Kind {
        CLAIM("claim"), DONE("done"), FAIL("fail");

        final String wire;

        Kind(String wire) {
            this.wire = wire;
        }

        /** The kind written as {@code wire}, or null for an unknown one. */
        static Kind ofWire(String wire) {
            for (Kind k : values()) if (k.wire.equals(wire)) return k;
            return null;
        }
    }

    /** {@code dataJson}: the result as ASCII JSON; null for claims, failures and null results. */
    record Record(Kind kind, String id, long at, String dataJson) {}

    private final Path file;
    private final boolean fsync;
    private final CoreLogger log;
    private final StringBuilder pending = new StringBuilder(256);
    /** Null while closed; opened (append) by the next flush. */
    private FileChannel channel;
    /** The last write failed and may have left half a line: the next one starts on a fresh line. */
    private boolean broken;
    private long records;

    IdempotencyJournal(Path file, boolean fsync, CoreLogger log) {
        this.file = file.toAbsolutePath();
        this.fsync = fsync;
        this.log = log;
    }

    Path file() {
        return file;
    }

    boolean fsync() {
        return fsync;
    }

    /** Records in the file plus those not yet flushed; compaction is due when it grows well past the live ones. */
    long records() {
        return records;
    }

    /** Every readable record in file order; unreadable lines are skipped with one warning. */
    List<Record> load() throws IOException {
        if (!Files.exists(file)) return List.of();
        List<Record> out = new ArrayList<>();
        List<Integer> bad = new ArrayList<>();
        int lineNo = 0;
        boolean lastBad = false;
        // ISO-8859-1 maps every byte to a char, so garbage never stops the read.
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            for (String line; (line = in.readLine()) != null; ) {
                lineNo++;
                if (line.isBlank()) continue;
                Record r = parse(line);
                lastBad = r == null;
                if (r == null) bad.add(lineNo);
                else out.add(r);
            }
        }
        if (!bad.isEmpty()) {
            log.warn("Idempotency journal " + file + ": skipped " + bad.size() + " unreadable line(s) "
                    + bad.subList(0, Math.min(bad.size(), 10)) + (bad.size() > 10 ? "..." : "")
                    + (lastBad && bad.size() == 1 ? " (the last line, torn when the server stopped while writing it)" : ""));
        }
        records = out.size();
        return out;
    }

    /** {@code dataJson}: ASCII JSON (as {@link AsciiJson} writes it) or null. */
    void append(Kind kind, String id, long at, String dataJson) {
        pending.append("{\"t\":\"").append(kind.wire).append("\",\"id\":");
        appendString(id);
        pending.append(",\"at\":").append(at);
        if (dataJson != null) pending.append(",\"data\":").append(dataJson);
        pending.append("}\n");
        records++;
    }

    /** Ids are usually UUIDs: those are copied as they are; anything else goes through the JSON writer. */
    private void appendString(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
                pending.append(AsciiJson.write(new JsonPrimitive(s)));
                return;
            }
        }
        pending.append('"').append(s).append('"');
    }

    /**
     * Hands the pending records to the OS, and to the disk when {@code sync} and fsync is configured.
     * On failure the pending records are dropped (their writes are refused or were already answered)
     * and the file is reopened by the next flush.
     */
    void flush(boolean sync) throws IOException {
        if (pending.isEmpty()) return;
        try {
            if (channel == null) {
                if (file.getParent() != null) Files.createDirectories(file.getParent());
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.APPEND);
            }
            if (broken) pending.insert(0, '\n');
            writeAll(channel, pending);
            pending.setLength(0);
            if (sync && fsync) channel.force(false);
            if (broken) log.info("Idempotency journal " + file + " is written again");
            broken = false;
        } catch (IOException e) {
            pending.setLength(0);
            closeChannel();
            if (!broken) log.error("Cannot write the idempotency journal " + file + ": " + e, e);
            broken = true;
            throw e;
        }
    }

    /**
     * Replaces the file with {@code live} (compaction): written to a temporary file, then moved over the
     * journal in one step, so a crash leaves either the old or the new file. Pending records are dropped:
     * {@code live} already holds what they say. On failure the old file and the pending records stay.
     */
    void rewrite(List<Record> live) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        StringBuilder saved = new StringBuilder(pending);
        long savedRecords = records;
        pending.setLength(0);
        for (Record r : live) append(r.kind(), r.id(), r.at(), r.dataJson());
        try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            writeAll(out, pending);
            if (fsync) out.force(true);
        } catch (IOException e) {
            pending.setLength(0);
            pending.append(saved);
            records = savedRecords;
            throw e;
        }
        pending.setLength(0);
        closeChannel();
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            pending.append(saved);
            records = savedRecords;
            throw e;
        }
        records = live.size();
        broken = false;
        if (fsync) syncDirectory();
    }

    /** Flushes what is pending and releases the file; a later flush reopens it. */
    void close() {
        try {
            flush(false);
        } catch (IOException e) {
            // already logged by flush
        } finally {
            closeChannel();
        }
    }

    /** Drops pending records and releases the file, as a crash of the process would. For tests. */
    void abandon() {
        pending.setLength(0);
        closeChannel();
    }

    private static void writeAll(FileChannel channel, CharSequence text) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.US_ASCII));
        while (bytes.hasRemaining()) channel.write(bytes);
    }

    private void closeChannel() {
        if (channel == null) return;
        try {
            channel.close();
        } catch (IOException e) {
            log.warn("Closing the idempotency journal " + file + ": " + e);
        }
        channel = null;
    }

    /** Makes the rename itself durable; not possible on every platform (e.g. Windows), where it is skipped. */
    private void syncDirectory() {
        Path dir = file.getParent();
        if (dir == null) return;
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | RuntimeException e) {
            // best effort
        }
    }

    /** A record, or null for a line that is not one (torn, garbage, unknown kind). */
    static Record parse(String line) {
        try {
            JsonObject o = JsonParser.parseString(line).getAsJsonObject();
            Kind kind = Kind.ofWire(o.get("t").getAsString());
            JsonElement id = o.get("id");
            JsonElement at = o.get("at");
            if (kind == null || id == null || !id.isJsonPrimitive() || !id.getAsJsonPrimitive().isString()
                    || id.getAsString().isEmpty() || at == null || !at.isJsonPrimitive()
                    || !at.getAsJsonPrimitive().isNumber()) {
                return null;
            }
            JsonElement data = kind == Kind.DONE ? o.get("data") : null;
            return new Record(kind, id.getAsString(), at.getAsLong(),
                    data == null || data.isJsonNull() ? null : AsciiJson.write(data));
        } catch (RuntimeException e) {
            return null;
        }
    }
}

package dev.mcpbridge.core.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The cross-language vectors of shared/vectors (path from the vectors.dir system property). */
public final class Vectors {
    private Vectors() {}

    public static Path dir() {
        String configured = System.getProperty("vectors.dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("../../shared/vectors");
        assertTrue(Files.isDirectory(dir), "shared/vectors not found at " + dir.toAbsolutePath());
        return dir;
    }

    /** Every vector file, sorted by name. */
    public static List<JsonObject> files() {
        List<JsonObject> files = new ArrayList<>();
        try (Stream<Path> paths = Files.list(dir())) {
            for (Path p : paths.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                files.add(JsonParser.parseString(Files.readString(p, StandardCharsets.UTF_8)).getAsJsonObject());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** Every valid example message of a vector file by kind. */
    public static List<JsonObject> valid(String kind) {
        JsonObject file = files().stream().filter(f -> f.get("kind").getAsString().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no vector of kind " + kind));
        List<JsonObject> out = new ArrayList<>();
        file.getAsJsonArray("valid").forEach(e -> out.add(e.getAsJsonObject().getAsJsonObject("message")));
        return out;
    }

    /** The valid example message of a vector file by kind (first example). */
    public static JsonObject firstValid(String kind) {
        return files().stream().filter(f -> f.get("kind").getAsString().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no vector of kind " + kind))
                .getAsJsonArray("valid").get(0).getAsJsonObject().getAsJsonObject("message");
    }
}

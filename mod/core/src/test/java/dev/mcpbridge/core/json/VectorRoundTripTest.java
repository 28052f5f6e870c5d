package dev.mcpbridge.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Java parses and re-serialises (as ASCII JSON) every valid vector of shared/vectors to the same JSON value. */
class VectorRoundTripTest {

    static Path vectorsDir() {
        String configured = System.getProperty("vectors.dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("../../shared/vectors");
        assertTrue(Files.isDirectory(dir), "shared/vectors not found at " + dir.toAbsolutePath());
        return dir;
    }

    static List<JsonObject> vectorFiles() throws IOException {
        List<JsonObject> files = new ArrayList<>();
        try (Stream<Path> paths = Files.list(vectorsDir())) {
            for (Path p : paths.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                files.add(JsonParser.parseString(Files.readString(p, StandardCharsets.UTF_8)).getAsJsonObject());
            }
        }
        return files;
    }

    @TestFactory
    Stream<DynamicTest> everyValidVectorRoundTrips() throws IOException {
        List<JsonObject> files = vectorFiles();
        assertFalse(files.isEmpty(), "no vector files");
        return files.stream().flatMap(file -> {
            String kind = file.get("kind").getAsString();
            return file.getAsJsonArray("valid").asList().stream().map(v -> {
                JsonObject example = v.getAsJsonObject();
                return DynamicTest.dynamicTest(kind + ": " + example.get("name").getAsString(), () -> {
                    JsonElement message = example.get("message");
                    String ascii = AsciiJson.write(message);
                    assertTrue(ascii.chars().allMatch(c -> c < 0x7f), "non-ASCII output: " + ascii);
                    assertEquals(message, JsonParser.parseString(ascii));
                });
            });
        });
    }
}

package dev.mcpbridge.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.testing.Vectors;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Java refuses every invalid request vector with the same code and details.field as shared/src/validate.ts. */
class InvalidVectorsTest {

    @TestFactory
    Stream<DynamicTest> everyInvalidRequestVectorGivesTheSameCodeAndField() {
        List<JsonObject> files = Vectors.files().stream().filter(f -> {
            String kind = f.get("kind").getAsString();
            return kind.equals("envelope") || kind.startsWith("command.") || kind.startsWith("query.");
        }).toList();
        assertFalse(files.size() < 10, "expected the envelope, command.* and query.* vector files");
        return files.stream().flatMap(file -> file.getAsJsonArray("invalid").asList().stream().map(v -> {
            JsonObject example = v.getAsJsonObject();
            String name = file.get("kind").getAsString() + ": " + example.get("name").getAsString();
            return DynamicTest.dynamicTest(name, () -> {
                JsonObject expected = example.getAsJsonObject("error");
                BridgeException e = assertThrows(BridgeException.class, () -> {
                    if (example.has("raw")) RequestParser.parse(example.get("raw").getAsString());
                    else RequestParser.parse(example.get("message"));
                });
                assertEquals(expected.get("code").getAsString(), e.code().name(), e.getMessage());
                assertEquals(expected.get("field").getAsString(), e.details().get("field").getAsString(), e.getMessage());
            });
        }));
    }
}

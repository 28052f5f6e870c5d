package dev.mcpbridge.core.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.testing.Vectors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The mod's operations are the descriptors' mod operations (shared/vectors/catalog/operations.json,
 * kept equal to shared OPERATIONS by a TypeScript test): same wire names, same write flags.
 */
class OperationCatalogTest {
    @Test
    void everyDescriptorMapsToAModOperationOfTheSameKind() throws IOException {
        String text = Files.readString(Vectors.dir().resolve("catalog/operations.json"), StandardCharsets.UTF_8);
        Map<String, Boolean> described = new TreeMap<>();
        for (var element : JsonParser.parseString(text).getAsJsonObject().getAsJsonArray("operations")) {
            JsonObject op = element.getAsJsonObject();
            described.put(op.get("modOperation").getAsString(), op.get("write").getAsBoolean());
        }
        Map<String, Boolean> mod = Arrays.stream(Operation.values())
                .collect(Collectors.toMap(Operation::wireName, o -> o.kind().equals("command"), (a, b) -> a, TreeMap::new));
        assertEquals(described, mod);
    }
}

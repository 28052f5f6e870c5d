package dev.mcpbridge.core.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.testing.Vectors;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The mod's operations are the operations of shared/src/schemas/operations.ts: each has one request
 * vector, {@code shared/vectors/command.<op>.json} (a write) or {@code query.<op>.json} (a read), as
 * shared/tests/unit/operation-descriptors.test.ts checks. Same wire names, same kinds.
 */
class OperationVectorsTest {
    @Test
    void everyRequestVectorNamesAModOperationOfItsKindAndNoOperationLacksOne() {
        Map<String, String> described = new TreeMap<>();
        for (JsonObject file : Vectors.files()) {
            String[] kind = file.get("kind").getAsString().split("\\.", 2);
            if (kind.length == 2 && (kind[0].equals("command") || kind[0].equals("query"))) {
                described.put(kind[1], kind[0]);
            }
        }
        Map<String, String> mod = Arrays.stream(Operation.values())
                .collect(Collectors.toMap(Operation::wireName, Operation::kind, (a, b) -> a, TreeMap::new));
        assertEquals(described, mod);
    }
}

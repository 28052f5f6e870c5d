package dev.mcpbridge.core.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.testing.Vectors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** Worlds.normalize is the one world-name rule of shared/vectors/game/world-names.json (TypeScript: canonicalWorld). */
class WorldNamesVectorTest {
    @Test
    void everyNameMapsToItsDimensionId() throws IOException {
        String text = Files.readString(Vectors.dir().resolve("game/world-names.json"), StandardCharsets.UTF_8);
        JsonArray cases = JsonParser.parseString(text).getAsJsonObject().getAsJsonArray("cases");
        assertFalse(cases.isEmpty());
        for (var element : cases) {
            JsonObject c = element.getAsJsonObject();
            String name = c.get("name").getAsString();
            assertEquals(c.get("id").getAsString(), Worlds.normalize(name), name);
        }
    }
}

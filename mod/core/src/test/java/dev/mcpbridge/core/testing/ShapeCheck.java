package dev.mcpbridge.core.testing;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.Set;

/**
 * Structural check of an answer against a valid vector: same JSON types everywhere, no keys the
 * vector does not have, and every key of the vector present unless the schema marks it optional.
 * Returns a description of the first mismatch, or null.
 */
public final class ShapeCheck {
    /** Keys the zod schemas mark optional. */
    static final Set<String> OPTIONAL = Set.of("displayName", "replay", "uuid", "details", "data");

    private ShapeCheck() {}

    public static String mismatch(JsonElement expected, JsonElement actual, String path) {
        if (expected.isJsonNull() || actual.isJsonNull()) return null; // nullable fields (entity name, killer)
        if (expected.isJsonObject()) {
            if (!actual.isJsonObject()) return path + ": expected object, got " + actual;
            JsonObject e = expected.getAsJsonObject();
            JsonObject a = actual.getAsJsonObject();
            for (String key : a.keySet()) {
                if (!e.has(key) && !OPTIONAL.contains(key)) return path + "." + key + ": not in the vector";
            }
            for (String key : e.keySet()) {
                if (!a.has(key)) {
                    if (OPTIONAL.contains(key)) continue;
                    return path + "." + key + ": missing";
                }
                String m = mismatch(e.get(key), a.get(key), path + "." + key);
                if (m != null) return m;
            }
            return null;
        }
        if (expected.isJsonArray()) {
            if (!actual.isJsonArray()) return path + ": expected array, got " + actual;
            JsonArray e = expected.getAsJsonArray();
            if (e.isEmpty()) return null;
            for (JsonElement item : actual.getAsJsonArray()) {
                String best = null;
                for (JsonElement candidate : e) {
                    best = mismatch(candidate, item, path + "[]");
                    if (best == null) break;
                }
                if (best != null) return best;
            }
            return null;
        }
        var ep = expected.getAsJsonPrimitive();
        var ap = actual.isJsonPrimitive() ? actual.getAsJsonPrimitive() : null;
        if (ap == null || ep.isString() != ap.isString() || ep.isNumber() != ap.isNumber() || ep.isBoolean() != ap.isBoolean()) {
            return path + ": expected a value like " + ep + ", got " + actual;
        }
        return null;
    }
}

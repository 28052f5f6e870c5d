package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.mcpbridge.core.json.AsciiJson;
import java.util.Map;

/**
 * Bounds an answer that is kept (the idempotency cache and its journal): a result whose ASCII JSON is
 * longer than the limit is kept with its longest strings cut, each ending with a marker that says how
 * much was kept. The caller of the first run still gets the whole answer; only what is stored is cut.
 */
final class AnswerCut {
    private AnswerCut() {}

    /** The marker a cut string ends with. */
    static String marker(int kept, int total, int limitBytes) {
        return " ...[cut: kept " + kept + " of " + total + " chars; the answer was over the " + limitBytes
                + "-byte limit of the mod's idempotency cache]";
    }

    /**
     * {@code data} itself when its JSON fits in {@code maxBytes}, else a cut copy that fits, or JSON null when
     * even cutting every string cannot make it fit.
     */
    static JsonElement cut(JsonElement data, int maxBytes) {
        if (data == null || data.isJsonNull() || upperBound(data) <= maxBytes) return data;
        int size = AsciiJson.write(data).length();
        if (size <= maxBytes) return data;
        JsonElement copy = data.deepCopy();
        for (int round = 0; round < 32 && size > maxBytes; round++) {
            Slot longest = longest(copy, null);
            if (longest == null) break;
            String s = longest.value();
            String marker = marker(0, s.length(), maxBytes);
            int encoded = AsciiJson.write(new JsonPrimitive(s)).length();
            if (encoded <= marker.length() + 8) break; // nothing left worth cutting
            long room = (long) encoded - (size - maxBytes) - marker.length() - 16;
            int keep = (int) Math.max(0, Math.min(s.length() - 1, (long) s.length() * Math.max(0, room) / encoded));
            if (keep > 0 && Character.isHighSurrogate(s.charAt(keep - 1))) keep--;
            longest.set(s.substring(0, keep) + marker(keep, s.length(), maxBytes));
            size = AsciiJson.write(copy).length();
        }
        return size <= maxBytes ? copy : JsonNull.INSTANCE;
    }

    /** Never less than the ASCII JSON length: each char encodes to at most 6 bytes ({@code \\uXXXX}). */
    private static long upperBound(JsonElement e) {
        if (e.isJsonPrimitive()) return e.getAsJsonPrimitive().isString() ? 2 + 6L * e.getAsString().length() : 32;
        long n = 2;
        if (e.isJsonArray()) {
            for (JsonElement x : e.getAsJsonArray()) n += 1 + upperBound(x);
        } else if (e.isJsonObject()) {
            for (Map.Entry<String, JsonElement> x : e.getAsJsonObject().entrySet()) {
                n += 4 + 6L * x.getKey().length() + upperBound(x.getValue());
            }
        } else {
            n = 4;
        }
        return n;
    }

    /** A string value inside the tree and how to replace it. */
    private record Slot(String value, JsonElement parent, Object key) {
        void set(String v) {
            if (parent instanceof JsonObject o) o.addProperty((String) key, v);
            else ((JsonArray) parent).set((Integer) key, new JsonPrimitive(v));
        }
    }

    private static Slot longest(JsonElement e, Slot best) {
        if (e.isJsonObject()) {
            for (Map.Entry<String, JsonElement> x : e.getAsJsonObject().entrySet()) {
                best = consider(x.getValue(), e, x.getKey(), best);
            }
        } else if (e.isJsonArray()) {
            JsonArray a = e.getAsJsonArray();
            for (int i = 0; i < a.size(); i++) best = consider(a.get(i), e, i, best);
        }
        return best;
    }

    private static Slot consider(JsonElement v, JsonElement parent, Object key, Slot best) {
        if (v.isJsonPrimitive() && v.getAsJsonPrimitive().isString()) {
            String s = v.getAsString();
            return best == null || s.length() > best.value().length() ? new Slot(s, parent, key) : best;
        }
        return longest(v, best);
    }
}

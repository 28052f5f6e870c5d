package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads fields of one JSON object with the same rules and the same field names in errors as the zod
 * schemas of shared/src (first failing field in schema order wins; unknown fields are ignored).
 * {@code prefix} is the path of the object ("" for the envelope, "payload.args" for arguments).
 */
public final class JsonFields {
    /** Number.MAX_SAFE_INTEGER: zod's int() refuses anything beyond. */
    private static final double MAX_SAFE_INT = 9007199254740991d;

    private final JsonObject object;
    private final String prefix;
    private final ErrorCode code;

    public JsonFields(JsonObject object, String prefix, ErrorCode code) {
        this.object = object;
        this.prefix = prefix;
        this.code = code;
    }

    public String path(String key) {
        return prefix.isEmpty() ? key : prefix + "." + key;
    }

    public boolean has(String key) {
        return object.has(key);
    }

    public BridgeException fail(String key, String reason) {
        return BridgeException.field(code, path(key), reason);
    }

    /** A required string of min..max chars that, when {@code pattern} is given, fully matches it. */
    public String string(String key, int min, int max, Pattern pattern, String patternReason) {
        JsonElement e = object.get(key);
        if (e == null) throw fail(key, BridgeException.MISSING);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) throw fail(key, "expected string");
        String s = e.getAsString();
        if (s.length() < min) throw fail(key, min == 1 ? "must not be empty" : "must be at least " + min + " chars");
        if (s.length() > max) throw fail(key, "must be at most " + max + " chars");
        if (pattern != null && !pattern.matcher(s).matches()) throw fail(key, patternReason);
        return s;
    }

    /** Like {@link #string} but absent (or, unlike zod, JSON null) gives null. */
    public String optionalString(String key, int min, int max, Pattern pattern, String patternReason) {
        JsonElement e = object.get(key);
        if (e == null || e.isJsonNull()) return null;
        return string(key, min, max, pattern, patternReason);
    }

    /** A required finite number within min..max; {@code integer} also demands a safe integer. */
    public double number(String key, double min, double max, boolean integer) {
        JsonElement e = object.get(key);
        if (e == null) throw fail(key, BridgeException.MISSING);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) throw fail(key, "expected number");
        double v = e.getAsDouble();
        if (!Double.isFinite(v)) throw fail(key, "must be finite");
        if (integer && (v != Math.rint(v) || Math.abs(v) > MAX_SAFE_INT)) throw fail(key, "expected integer");
        if (v < min) throw fail(key, "must be >= " + format(min));
        if (v > max) throw fail(key, "must be <= " + format(max));
        return v;
    }

    public Double optionalNumber(String key, double min, double max, boolean integer) {
        JsonElement e = object.get(key);
        if (e == null || e.isJsonNull()) return null;
        return number(key, min, max, integer);
    }

    /** A required string that is one of {@code allowed}. */
    public String oneOf(String key, List<String> allowed) {
        JsonElement e = object.get(key);
        if (e == null) throw fail(key, BridgeException.MISSING);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString() || !allowed.contains(e.getAsString())) {
            throw fail(key, "expected one of " + String.join(", ", allowed));
        }
        return e.getAsString();
    }

    /** A required JSON object. */
    public JsonObject object(String key) {
        JsonElement e = object.get(key);
        if (e == null) throw fail(key, BridgeException.MISSING);
        if (!e.isJsonObject()) throw fail(key, "expected object");
        return e.getAsJsonObject();
    }

    /** Present (JSON null counts as present, as zod's unknown() accepts it). */
    public JsonElement present(String key) {
        JsonElement e = object.get(key);
        if (e == null) throw fail(key, BridgeException.MISSING);
        return e;
    }

    /** JSON numbers that are integral are written without a fraction, as JavaScript does. */
    public static JsonPrimitive num(double v) {
        if (v == Math.rint(v) && Math.abs(v) <= MAX_SAFE_INT) return new JsonPrimitive((long) v);
        return new JsonPrimitive(v);
    }

    private static String format(double v) {
        return num(v).toString();
    }
}

package dev.mcpbridge.core.json;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonPrimitive;
import com.google.gson.internal.LazilyParsedNumber;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * ASCII-only JSON, as everything that crosses RCON must be: every char above 0x7E is written as
 * backslash-u XXXX, so a byte count equals a char count and piece boundaries never split a character.
 * The output is exactly what Gson (no HTML escaping, nulls kept) followed by {@link #escapeNonAscii}
 * writes, produced in one pass into one builder; numbers of a type Gson would re-check go through Gson.
 */
public final class AsciiJson {
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
    /** Gson's JsonWriter.VALID_JSON_NUMBER_PATTERN. */
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?");
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private AsciiJson() {}

    public static String write(JsonElement element) {
        StringBuilder out = new StringBuilder(512);
        return writeValue(element, out) ? out.toString() : escapeNonAscii(GSON.toJson(element));
    }

    /** False when the value holds a number Gson would validate (an unusual Number class). */
    private static boolean writeValue(JsonElement e, StringBuilder out) {
        if (e == null || e.isJsonNull()) {
            out.append("null");
        } else if (e.isJsonPrimitive()) {
            JsonPrimitive p = e.getAsJsonPrimitive();
            if (p.isString()) string(p.getAsString(), out);
            else if (p.isBoolean()) out.append(p.getAsBoolean());
            else if (trusted(p.getAsNumber())) out.append(p.getAsNumber().toString());
            else return false;
        } else if (e.isJsonArray()) {
            JsonArray array = e.getAsJsonArray();
            out.append('[');
            for (int i = 0; i < array.size(); i++) {
                if (i > 0) out.append(',');
                if (!writeValue(array.get(i), out)) return false;
            }
            out.append(']');
        } else {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonElement> member : e.getAsJsonObject().entrySet()) {
                if (!first) out.append(',');
                first = false;
                string(member.getKey(), out);
                out.append(':');
                if (!writeValue(member.getValue(), out)) return false;
            }
            out.append('}');
        }
        return true;
    }

    /** Numbers Gson's JsonWriter writes as toString() without a check that could fail (its trusted types). */
    private static boolean trusted(Number n) {
        Class<?> c = n.getClass();
        if (c == LazilyParsedNumber.class) return JSON_NUMBER.matcher(n.toString()).matches();
        return c == Integer.class || c == Long.class || c == Double.class || c == Float.class || c == Byte.class
                || c == Short.class || c == BigDecimal.class || c == BigInteger.class || c == AtomicInteger.class
                || c == AtomicLong.class;
    }

    /** A JSON string as Gson's JsonWriter escapes it, with every char above 0x7E escaped too. */
    private static void string(String s, StringBuilder out) {
        out.append('"');
        int last = 0;
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c <= 0x7e && c != '"' && c != '\\') continue;
            out.append(s, last, i);
            last = i + 1;
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\f' -> out.append("\\f");
                default -> unicodeEscape(c, out);
            }
        }
        out.append(s, last, length).append('"');
    }

    private static void unicodeEscape(char c, StringBuilder out) {
        out.append('\\').append('u').append(HEX[c >> 12 & 0xf]).append(HEX[c >> 8 & 0xf]).append(HEX[c >> 4 & 0xf])
                .append(HEX[c & 0xf]);
    }

    /** Escapes chars above 0x7E; Gson already escapes control characters inside strings. */
    static String escapeNonAscii(String json) {
        StringBuilder out = null;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (c > 0x7e) {
                if (out == null) out = new StringBuilder(json.length() + 16).append(json, 0, i);
                unicodeEscape(c, out);
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? json : out.toString();
    }
}

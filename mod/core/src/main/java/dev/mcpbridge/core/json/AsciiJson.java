package dev.mcpbridge.core.json;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;

/**
 * ASCII-only JSON, as everything that crosses RCON must be: every char above 0x7E is written as
 * backslash-u XXXX, so a byte count equals a char count and piece boundaries never split a character.
 */
public final class AsciiJson {
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

    private AsciiJson() {}

    public static String write(JsonElement element) {
        return escapeNonAscii(GSON.toJson(element));
    }

    /** Escapes chars above 0x7E; Gson already escapes control characters inside strings. */
    static String escapeNonAscii(String json) {
        StringBuilder out = null;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (c > 0x7e) {
                if (out == null) out = new StringBuilder(json.length() + 16).append(json, 0, i);
                out.append(String.format("\\u%04x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? json : out.toString();
    }
}

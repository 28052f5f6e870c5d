package dev.mcpbridge.devserver.command.vanilla;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/** Renders a JSON text component (tellraw) to its plain text, as Component#getString does. */
final class TextComponents {
    private TextComponents() {}

    /** Throws JsonParseException (message shown as "Invalid chat component: ...") on bad input. */
    static String plain(String json) {
        JsonElement root = JsonParser.parseString(json);
        StringBuilder out = new StringBuilder();
        render(root, out);
        return out.toString();
    }

    private static void render(JsonElement e, StringBuilder out) {
        if (e.isJsonPrimitive()) {
            out.append(e.getAsString());
        } else if (e.isJsonArray()) {
            JsonArray a = e.getAsJsonArray();
            if (a.isEmpty()) {
                throw new JsonParseException("Unexpected empty array of components");
            }
            a.forEach(x -> render(x, out));
        } else if (e.isJsonObject()) {
            JsonObject o = e.getAsJsonObject();
            if (o.has("text")) {
                out.append(o.get("text").getAsString());
            } else if (o.has("translate")) {
                out.append(o.get("translate").getAsString());
            } else if (o.has("selector")) {
                out.append(o.get("selector").getAsString());
            } else if (!o.has("extra")) {
                throw new JsonParseException("Don't know how to turn " + o + " into a Component");
            }
            if (o.has("extra")) {
                o.getAsJsonArray("extra").forEach(x -> render(x, out));
            }
        } else {
            throw new JsonParseException("Don't know how to turn null into a Component");
        }
    }
}

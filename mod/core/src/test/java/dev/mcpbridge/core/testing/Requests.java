package dev.mcpbridge.core.testing;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.UUID;

/** Builds request envelopes and reads answers in tests. */
public final class Requests {
    private Requests() {}

    public static JsonObject command(String op, String argsJson) {
        return envelope("command", op, argsJson, UUID.randomUUID().toString());
    }

    public static JsonObject query(String op, String argsJson) {
        return envelope("query", op, argsJson, UUID.randomUUID().toString());
    }

    public static JsonObject envelope(String type, String op, String argsJson, String id) {
        JsonObject payload = new JsonObject();
        payload.addProperty(type, op);
        payload.add("args", JsonParser.parseString(argsJson));
        JsonObject e = new JsonObject();
        e.addProperty("version", "1.0.0");
        e.addProperty("type", type);
        e.addProperty("id", id);
        e.addProperty("timestamp", 1699564800000L);
        e.addProperty("source", "mcp");
        e.add("payload", payload);
        return e;
    }

    public static String batch(JsonObject... requests) {
        JsonArray a = new JsonArray();
        for (JsonObject r : requests) a.add(r);
        return a.toString();
    }

    public static JsonObject parse(String answer) {
        return JsonParser.parseString(answer).getAsJsonObject();
    }

    public static JsonElement data(JsonObject answer) {
        return answer.getAsJsonObject("payload").get("data");
    }

    public static String errorCode(JsonObject answer) {
        return answer.get("type").getAsString().equals("error")
                ? answer.getAsJsonObject("payload").get("code").getAsString() : null;
    }
}

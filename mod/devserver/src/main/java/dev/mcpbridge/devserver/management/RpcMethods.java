package dev.mcpbridge.devserver.management;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.function.BiConsumer;

/**
 * JSON-RPC 2.0 dispatch of the management subset. In: one request text. Out: the response text, or
 * null for a notification (no id). Errors use the JSON-RPC codes: -32700 parse error, -32600 invalid
 * request, -32601 method not found. Results follow the wiki's schemas: {@code player} =
 * {@code {id, name}}, {@code server_state} = {@code {started, players, version: {name, protocol}}}.
 */
final class RpcMethods {
    static final String[][] NOTIFICATIONS = {
        {"minecraft:notification/server/started", "Server started", null},
        {"minecraft:notification/server/stopping", "Server shutting down", null},
        {"minecraft:notification/server/saving", "Server save started", null},
        {"minecraft:notification/server/saved", "Server save completed", null},
        {"minecraft:notification/server/status", "Server status heartbeat", "status:server_state"},
        {"minecraft:notification/players/joined", "Player joined", "player:player"},
        {"minecraft:notification/players/left", "Player left", "player:player"},
    };

    private final ManagementServer.GameState game;
    private final BiConsumer<String, JsonElement> notify;

    RpcMethods(ManagementServer.GameState game, BiConsumer<String, JsonElement> notify) {
        this.game = game;
        this.notify = notify;
    }

    String handle(String text) {
        JsonObject request;
        try {
            JsonElement parsed = JsonParser.parseString(text);
            if (!parsed.isJsonObject()) {
                return error(null, -32600, "Invalid Request");
            }
            request = parsed.getAsJsonObject();
        } catch (JsonParseException e) {
            return error(null, -32700, "Parse error");
        }
        JsonElement id = request.get("id");
        if (!request.has("method") || !request.get("method").isJsonPrimitive()
                || !"2.0".equals(request.has("jsonrpc") ? request.get("jsonrpc").getAsString() : null)) {
            return error(id, -32600, "Invalid Request");
        }
        String method = request.get("method").getAsString();
        JsonElement result = switch (method) {
            case "rpc.discover" -> discover();
            case "minecraft:players" -> game.onMainThread(game::players);
            case "minecraft:server/status" -> status();
            case "minecraft:server/save" -> save();
            default -> null;
        };
        if (id == null) {
            return null;
        }
        if (result == null) {
            return error(id, -32601, "Method not found");
        }
        JsonObject response = new JsonObject();
        response.addProperty("jsonrpc", "2.0");
        response.add("id", id);
        response.add("result", result);
        return response.toString();
    }

    JsonObject status() {
        return game.onMainThread(() -> {
            JsonObject version = new JsonObject();
            version.addProperty("name", game.versionName());
            version.addProperty("protocol", game.protocolVersion());
            JsonObject state = new JsonObject();
            state.addProperty("started", true);
            state.add("players", game.players());
            state.add("version", version);
            return state;
        });
    }

    private JsonElement save() {
        notify.accept("minecraft:notification/server/saving", null);
        game.onMainThread(() -> {
            game.save();
            return null;
        });
        notify.accept("minecraft:notification/server/saved", null);
        return new com.google.gson.JsonPrimitive(true);
    }

    /** An OpenRPC document of what this subset offers (vanilla's lists far more). */
    private JsonObject discover() {
        JsonArray list = new JsonArray();
        list.add(method("minecraft:players", "Get all connected players", null, "players:array<player>"));
        list.add(method("minecraft:server/status", "Get server status", null, "status:server_state"));
        list.add(method("minecraft:server/save", "Save server state", null, "saving:boolean"));
        for (String[] n : NOTIFICATIONS) {
            list.add(method(n[0], n[1], n[2], null));
        }
        JsonObject info = new JsonObject();
        info.addProperty("title", "Minecraft Server JSON-RPC");
        info.addProperty("version", "1.0.0");
        JsonObject doc = new JsonObject();
        doc.addProperty("openrpc", "1.3.2");
        doc.add("info", info);
        doc.add("methods", list);
        return doc;
    }

    private static JsonObject method(String name, String description, String param, String result) {
        JsonObject m = new JsonObject();
        m.addProperty("name", name);
        m.addProperty("description", description);
        JsonArray params = new JsonArray();
        if (param != null) {
            params.add(named(param));
        }
        m.add("params", params);
        if (result != null) {
            m.add("result", named(result));
        }
        return m;
    }

    private static JsonObject named(String spec) {
        String[] parts = spec.split(":", 2);
        JsonObject schema = new JsonObject();
        if (parts[1].startsWith("array<")) {
            schema.addProperty("type", "array");
            JsonObject items = new JsonObject();
            items.addProperty("$ref", "#/components/schemas/" + parts[1].substring(6, parts[1].length() - 1));
            schema.add("items", items);
        } else if (parts[1].equals("boolean")) {
            schema.addProperty("type", "boolean");
        } else {
            schema.addProperty("$ref", "#/components/schemas/" + parts[1]);
        }
        JsonObject p = new JsonObject();
        p.addProperty("name", parts[0]);
        p.add("schema", schema);
        return p;
    }

    private static String error(JsonElement id, int code, String message) {
        JsonObject error = new JsonObject();
        error.addProperty("code", code);
        error.addProperty("message", message);
        JsonObject response = new JsonObject();
        response.addProperty("jsonrpc", "2.0");
        response.add("id", id);
        response.add("error", error);
        return response.toString();
    }
}

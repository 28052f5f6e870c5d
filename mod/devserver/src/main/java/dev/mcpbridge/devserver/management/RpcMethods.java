package dev.mcpbridge.devserver.management;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * JSON-RPC 2.0 dispatch of the management subset. In: one request text, or a batch (an array of
 * requests, answered by an array of the responses; JSON-RPC 2.0 section 6). Out: the response text,
 * or null when nothing is to be answered (notifications). Errors use the JSON-RPC codes: -32700
 * parse error, -32600 invalid request, -32601 method not found, -32602 invalid params. Method
 * entries and schemas are those of vanilla's {@code rpc.discover} document (the contract test holds
 * them against a captured one): {@code player} = {@code {id, name}}, {@code server_state} =
 * {@code {started, players, version: {name, protocol}}} with {@code players} left out when nobody
 * is online (vanilla's codec omits an empty list), {@code server/save} takes a required {@code flush}.
 */
final class RpcMethods {
    static final String[][] NOTIFICATIONS = {
        {"minecraft:notification/server/started", "Server started", null},
        {"minecraft:notification/server/stopping", "Server shutting down", null},
        {"minecraft:notification/server/saving", "Server save started", null},
        {"minecraft:notification/server/saved", "Server save completed", null},
        {"minecraft:notification/players/joined", "Player joined", "player:player"},
        {"minecraft:notification/players/left", "Player left", "player:player"},
        {"minecraft:notification/server/status", "Server status heartbeat", "status:server_state"},
    };

    private final ManagementServer.GameState game;
    private final BiConsumer<String, JsonElement> notify;
    private final String version;

    RpcMethods(ManagementServer.GameState game, BiConsumer<String, JsonElement> notify, String version) {
        this.game = game;
        this.notify = notify;
        this.version = version;
    }

    String handle(String text) {
        JsonElement parsed;
        try {
            parsed = JsonParser.parseString(text);
        } catch (JsonParseException e) {
            return error(null, -32700, "Parse error").toString();
        }
        if (!parsed.isJsonArray()) {
            JsonObject reply = handleOne(parsed);
            return reply == null ? null : reply.toString();
        }
        JsonArray batch = parsed.getAsJsonArray();
        if (batch.isEmpty()) {
            return error(null, -32600, "Invalid Request").toString();
        }
        JsonArray replies = new JsonArray();
        for (JsonElement request : batch) {
            JsonObject reply = handleOne(request);
            if (reply != null) {
                replies.add(reply);
            }
        }
        return replies.isEmpty() ? null : replies.toString();
    }

    private JsonObject handleOne(JsonElement parsed) {
        if (!parsed.isJsonObject()) {
            return error(null, -32600, "Invalid Request");
        }
        JsonObject request = parsed.getAsJsonObject();
        JsonElement id = request.get("id");
        JsonElement jsonrpc = request.get("jsonrpc");
        if (!request.has("method") || !request.get("method").isJsonPrimitive() || jsonrpc == null
                || !jsonrpc.isJsonPrimitive() || !"2.0".equals(jsonrpc.getAsString())) {
            return error(id, -32600, "Invalid Request");
        }
        String method = request.get("method").getAsString();
        JsonElement result;
        switch (method) {
            case "rpc.discover" -> result = discover();
            case "minecraft:players" -> result = game.onMainThread(game::players);
            case "minecraft:server/status" -> result = status();
            case "minecraft:server/save" -> {
                Boolean flush = flushParam(request.get("params"));
                if (flush == null) {
                    return id == null ? null : error(id, -32602, "Invalid params: minecraft:server/save needs flush (boolean)");
                }
                result = save();
            }
            default -> result = null;
        }
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
        return response;
    }

    /** {@code [flush]} or {@code {"flush": flush}}; null when absent or not a boolean. */
    private static Boolean flushParam(JsonElement params) {
        JsonElement flush = null;
        if (params != null && params.isJsonArray() && params.getAsJsonArray().size() == 1) {
            flush = params.getAsJsonArray().get(0);
        } else if (params != null && params.isJsonObject()) {
            flush = params.getAsJsonObject().get("flush");
        }
        return flush != null && flush.isJsonPrimitive() && flush.getAsJsonPrimitive().isBoolean() ? flush.getAsBoolean() : null;
    }

    JsonObject status() {
        return game.onMainThread(() -> {
            JsonObject version = new JsonObject();
            version.addProperty("name", game.versionName());
            version.addProperty("protocol", game.protocolVersion());
            JsonObject state = new JsonObject();
            state.addProperty("started", true);
            JsonArray players = game.players();
            if (!players.isEmpty()) {
                state.add("players", players);
            }
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

    /**
     * An OpenRPC document of what this subset offers, each entry as vanilla writes it; vanilla lists
     * far more methods (allowlist, bans, operators, settings, game rules), which this subset would
     * only answer with -32601, so it does not list them.
     */
    private JsonObject discover() {
        JsonArray list = new JsonArray();
        list.add(method("minecraft:players", "Get all connected players", null, "players:array<player>"));
        list.add(method("minecraft:server/status", "Get server status", null, "status:server_state"));
        list.add(method("minecraft:server/save", "Save server state", "flush:boolean", "saving:boolean"));
        for (String[] n : NOTIFICATIONS) {
            list.add(method(n[0], n[1], n[2], null));
        }
        JsonObject info = new JsonObject();
        info.addProperty("title", "Minecraft Server JSON-RPC");
        info.addProperty("version", version);
        JsonObject doc = new JsonObject();
        doc.addProperty("openrpc", "1.3.2");
        doc.add("info", info);
        doc.add("methods", list);
        JsonObject components = new JsonObject();
        components.add("schemas", schemas());
        doc.add("components", components);
        return doc;
    }

    private static JsonObject schemas() {
        JsonObject player = object(Map.of("id", type("string"), "name", type("string")));
        JsonObject version = object(Map.of("name", type("string"), "protocol", type("integer")));
        JsonObject players = type("array");
        players.add("items", ref("player"));
        JsonObject state = object(Map.of("started", type("boolean"), "players", players, "version", ref("version")));
        JsonObject schemas = new JsonObject();
        schemas.add("player", player);
        schemas.add("version", version);
        schemas.add("server_state", state);
        return schemas;
    }

    private static JsonObject object(Map<String, JsonObject> properties) {
        JsonObject props = new JsonObject();
        properties.forEach(props::add);
        JsonObject schema = type("object");
        schema.add("properties", props);
        return schema;
    }

    private static JsonObject type(String type) {
        JsonObject schema = new JsonObject();
        schema.addProperty("type", type);
        return schema;
    }

    private static JsonObject ref(String name) {
        JsonObject schema = new JsonObject();
        schema.addProperty("$ref", "#/components/schemas/" + name);
        return schema;
    }

    private static JsonObject method(String name, String description, String param, String result) {
        JsonObject m = new JsonObject();
        m.addProperty("name", name);
        m.addProperty("description", description);
        JsonArray params = new JsonArray();
        if (param != null) {
            JsonObject p = named(param);
            p.addProperty("required", true);
            params.add(p);
        }
        m.add("params", params);
        if (result != null) {
            m.add("result", named(result));
        }
        return m;
    }

    private static JsonObject named(String spec) {
        String[] parts = spec.split(":", 2);
        JsonObject schema;
        if (parts[1].startsWith("array<")) {
            schema = type("array");
            schema.add("items", ref(parts[1].substring(6, parts[1].length() - 1)));
        } else if (parts[1].equals("boolean")) {
            schema = type("boolean");
        } else {
            schema = ref(parts[1]);
        }
        JsonObject p = new JsonObject();
        p.addProperty("name", parts[0]);
        p.add("schema", schema);
        return p;
    }

    private static JsonObject error(JsonElement id, int code, String message) {
        JsonObject error = new JsonObject();
        error.addProperty("code", code);
        error.addProperty("message", message);
        JsonObject response = new JsonObject();
        response.addProperty("jsonrpc", "2.0");
        response.add("id", id == null ? com.google.gson.JsonNull.INSTANCE : id);
        response.add("error", error);
        return response;
    }
}

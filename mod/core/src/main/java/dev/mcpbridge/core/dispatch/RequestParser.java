package dev.mcpbridge.core.dispatch;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.mcpbridge.core.ops.Operation;
import java.io.StringReader;
import java.util.List;

/**
 * Request envelope text or JSON in, a {@link Request} out, or a BridgeException with the same code
 * and {@code details.field} as shared/src/validate.ts parseRequest: envelope problems and unknown
 * operations are SCHEMA_ERROR, argument problems are INVALID_ARGS on {@code payload.args.<name>}.
 */
public final class RequestParser {
    static final List<String> TYPES = List.of("event", "command", "query", "response", "error");
    static final List<String> SOURCES = List.of("mcp", "minecraft");

    private static final TypeAdapter<JsonElement> JSON = new Gson().getAdapter(JsonElement.class);

    private RequestParser() {}

    /** Strict JSON text (no comments, no trailing garbage) to a JSON value; SCHEMA_ERROR on (message). */
    public static JsonElement parseJson(String text) {
        try {
            JsonReader reader = new JsonReader(new StringReader(text));
            reader.setLenient(false);
            JsonElement value = JSON.read(reader);
            if (reader.peek() != JsonToken.END_DOCUMENT) throw new JsonParseException("trailing data");
            return value;
        } catch (JsonParseException | java.io.IOException | IllegalStateException e) {
            throw BridgeException.field(ErrorCode.SCHEMA_ERROR, "(message)", "not valid JSON");
        }
    }

    public static Request parse(String text) {
        return parse(parseJson(text));
    }

    public static Request parse(JsonElement value) {
        if (value == null || !value.isJsonObject()) {
            throw BridgeException.field(ErrorCode.SCHEMA_ERROR, "(message)", "expected a JSON object");
        }
        JsonObject object = value.getAsJsonObject();
        JsonFields envelope = new JsonFields(object, "", ErrorCode.SCHEMA_ERROR);
        String version = envelope.string("version", 1, Integer.MAX_VALUE, null, null);
        String type = envelope.oneOf("type", TYPES);
        String id = envelope.string("id", 1, 128, null, null);
        long timestamp = (long) envelope.number("timestamp", 0, Double.MAX_VALUE, true);
        String source = envelope.oneOf("source", SOURCES);
        envelope.present("payload");
        ProtocolVersion.assertCompatible(version);
        if (!type.equals("command") && !type.equals("query")) {
            JsonObject d = new JsonObject();
            d.addProperty("field", "type");
            d.addProperty("reason", "not a request");
            throw new BridgeException(ErrorCode.SCHEMA_ERROR, "Field 'type': expected command or query, got '" + type + "'", d);
        }
        if (!object.get("payload").isJsonObject()) throw envelope.fail("payload", "expected object");
        JsonFields payload = new JsonFields(object.getAsJsonObject("payload"), "payload", ErrorCode.SCHEMA_ERROR);
        String opName = payload.string(type, 1, Integer.MAX_VALUE, null, null);
        JsonObject args = payload.object("args");
        Operation op = Operation.byWireName(opName).filter(o -> o.kind().equals(type)).orElseThrow(() -> {
            JsonObject d = new JsonObject();
            d.addProperty("field", "payload." + type);
            d.addProperty("reason", "unknown " + type);
            return new BridgeException(ErrorCode.SCHEMA_ERROR, "Field 'payload." + type + "': unknown " + type + " '"
                    + opName + "'", d);
        });
        return new Request(version, id, timestamp, source, op,
                op.parseArgs(new JsonFields(args, "payload.args", ErrorCode.INVALID_ARGS)));
    }

    /** The request id when the value carries a usable one, for error answers to invalid requests. */
    public static String idOf(JsonElement value) {
        if (value == null || !value.isJsonObject()) return null;
        JsonElement id = value.getAsJsonObject().get("id");
        if (id == null || !id.isJsonPrimitive() || !id.getAsJsonPrimitive().isString()) return null;
        String s = id.getAsString();
        return s.isEmpty() || s.length() > 128 ? null : s;
    }
}

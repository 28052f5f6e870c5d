package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.ops.Operation;
import dev.mcpbridge.core.ops.args.OpArgs;

/** A validated command/query envelope: the typed form of shared's RequestMessage. */
public record Request(String version, String id, long timestamp, String source, Operation operation, OpArgs args) {

    /** "command" or "query". */
    public String type() {
        return operation.kind();
    }

    /** The wire form (unknown fields of the original are not kept, as zod strips them). */
    public JsonObject toJson() {
        JsonObject payload = new JsonObject();
        payload.addProperty(operation.kind(), operation.wireName());
        payload.add("args", args.toJson());
        JsonObject e = new JsonObject();
        e.addProperty("version", version);
        e.addProperty("type", type());
        e.addProperty("id", id);
        e.addProperty("timestamp", timestamp);
        e.addProperty("source", source);
        e.add("payload", payload);
        return e;
    }
}

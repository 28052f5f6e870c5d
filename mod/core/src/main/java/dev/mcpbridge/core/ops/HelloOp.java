package dev.mcpbridge.core.ops;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.ModInfo;

/** hello: what this mod is and can do. */
final class HelloOp {
    /** Capabilities beyond the operations themselves. */
    static final String[] EXTRA_CAPABILITIES = {"batch", "idempotency", "events"};

    private HelloOp() {}

    static JsonElement run(OpContext ctx) {
        JsonObject data = new JsonObject();
        data.addProperty("modVersion", ModInfo.MOD_VERSION);
        JsonArray versions = new JsonArray();
        ModInfo.PROTOCOL_VERSIONS.forEach(versions::add);
        data.add("protocolVersions", versions);
        JsonArray capabilities = new JsonArray();
        for (Operation op : Operation.values()) {
            if (op != Operation.HELLO) capabilities.add(op.wireName());
        }
        for (String c : EXTRA_CAPABILITIES) capabilities.add(c);
        data.add("capabilities", capabilities);
        data.addProperty("droppedEvents", ctx.droppedEvents().getAsLong());
        return data;
    }
}

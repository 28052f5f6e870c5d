package dev.mcpbridge.core.ops.args;

import com.google.gson.JsonObject;

/** Validated arguments of one operation; {@link #toJson()} gives back the wire form. */
public interface OpArgs {
    JsonObject toJson();
}

package dev.mcpbridge.core.ops.args;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;

public record GiveItemArgs(String player, String item, int quantity) implements OpArgs {
    public static GiveItemArgs parse(JsonFields f) {
        String player = ArgRules.player(f, "player");
        String item = f.string("item", 0, 128, ArgRules.RESOURCE_ID, ArgRules.RESOURCE_ID_REASON);
        int quantity = (int) f.number("quantity", 1, ArgRules.GIVE_MAX_QUANTITY, true);
        return new GiveItemArgs(player, item, quantity);
    }

    @Override
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("player", player);
        o.addProperty("item", item);
        o.addProperty("quantity", quantity);
        return o;
    }
}

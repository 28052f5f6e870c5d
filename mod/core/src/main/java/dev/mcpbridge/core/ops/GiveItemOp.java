package dev.mcpbridge.core.ops;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.ops.args.ArgRules;
import dev.mcpbridge.core.ops.args.OpArgs;
import dev.mcpbridge.core.spi.GameAccess.ItemInfo;
import dev.mcpbridge.core.spi.GameAccess.PlayerView;

/** give_item: a known item, at most what /give allows for it (100 stacks), split into real stacks by the game. */
final class GiveItemOp {
    record Args(String player, String item, int quantity) implements OpArgs {
        static Args parse(JsonFields f) {
            String player = ArgRules.player(f, "player");
            String item = f.string("item", 0, 128, ArgRules.RESOURCE_ID, ArgRules.RESOURCE_ID_REASON);
            int quantity = (int) f.number("quantity", 1, ArgRules.GIVE_MAX_QUANTITY, true);
            return new Args(player, item, quantity);
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

    private GiveItemOp() {}

    static JsonElement run(Args args, OpContext ctx) {
        PlayerView player = Players.require(ctx.game(), args.player());
        String itemId = args.item().contains(":") ? args.item() : "minecraft:" + args.item();
        ItemInfo item = ctx.game().item(itemId).orElseThrow(() -> invalid("item", "unknown item",
                "Unknown item '" + itemId + "'; use a registry id like minecraft:diamond"));
        if (args.quantity() > item.maxGive()) {
            throw invalid("quantity", "more than the item allows", "Cannot give " + args.quantity() + " of '" + itemId
                    + "': at most " + item.maxGive() + " (100 stacks of " + item.maxStackSize() + ")");
        }
        int given = ctx.game().giveItem(player.uuid(), item.id(), args.quantity());
        JsonObject data = new JsonObject();
        data.addProperty("player", player.name());
        data.addProperty("item", item.id());
        data.addProperty("quantity", given);
        return data;
    }

    private static BridgeException invalid(String arg, String reason, String message) {
        JsonObject details = new JsonObject();
        details.addProperty("field", "payload.args." + arg);
        details.addProperty("reason", reason);
        return new BridgeException(ErrorCode.INVALID_ARGS, message, details);
    }
}

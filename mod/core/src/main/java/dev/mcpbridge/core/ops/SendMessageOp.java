package dev.mcpbridge.core.ops;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.ops.args.ArgRules;
import dev.mcpbridge.core.ops.args.OpArgs;
import dev.mcpbridge.core.spi.GameAccess.PlayerView;

/** send_message: to one online player, or a broadcast when there is no target; lists who got it. */
final class SendMessageOp {
    /** {@code target} null = broadcast to every online player. */
    record Args(String message, String target) implements OpArgs {
        static Args parse(JsonFields f) {
            String message = f.string("message", 1, ArgRules.MAX_MESSAGE_LENGTH, null, null);
            String target = f.optionalString("target", 0, Integer.MAX_VALUE, ArgRules.PLAYER_NAME, ArgRules.PLAYER_NAME_REASON);
            return new Args(message, target);
        }

        @Override
        public JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.addProperty("message", message);
            if (target != null) o.addProperty("target", target);
            return o;
        }
    }

    private SendMessageOp() {}

    static JsonElement run(Args args, OpContext ctx) {
        JsonArray recipients = new JsonArray();
        if (args.target() != null) {
            PlayerView player = Players.require(ctx.game(), args.target());
            ctx.game().sendMessage(player.uuid(), args.message());
            recipients.add(player.name());
        } else {
            ctx.game().onlinePlayers().forEach(p -> recipients.add(p.name()));
            ctx.game().broadcast(args.message());
        }
        JsonObject data = new JsonObject();
        data.add("recipients", recipients);
        return data;
    }
}

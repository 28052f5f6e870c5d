package dev.mcpbridge.core.ops;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.ops.args.SendMessageArgs;
import dev.mcpbridge.core.spi.GameAccess.PlayerView;

/** send_message: to one online player, or a broadcast when there is no target; lists who got it. */
final class SendMessageOp {
    private SendMessageOp() {}

    static JsonElement run(SendMessageArgs args, OpContext ctx) {
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

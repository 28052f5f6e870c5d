package dev.mcpbridge.core.ops;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.ops.args.TeleportPlayerArgs;
import dev.mcpbridge.core.spi.GameAccess.PlayerView;

/** teleport_player: to x,y,z in the named world (default: the player's own world). */
final class TeleportPlayerOp {
    private TeleportPlayerOp() {}

    static JsonElement run(TeleportPlayerArgs args, OpContext ctx) {
        PlayerView player = Players.require(ctx.game(), args.player());
        String world = Worlds.resolve(ctx.game(), args.world(), Worlds.normalize(player.world()));
        ctx.game().teleport(player.uuid(), world, args.x(), args.y(), args.z());
        JsonObject data = new JsonObject();
        data.addProperty("player", player.name());
        data.add("location", Worlds.location(world, args.x(), args.y(), args.z()));
        return data;
    }
}

package dev.mcpbridge.core.ops;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.ops.args.ArgRules;
import dev.mcpbridge.core.ops.args.OpArgs;
import dev.mcpbridge.core.spi.GameAccess.PlayerView;

/** teleport_player: to x,y,z in the named world (default: the player's own world). */
final class TeleportPlayerOp {
    /** {@code world} null = the player's current world. */
    record Args(String player, double x, double y, double z, String world) implements OpArgs {
        static Args parse(JsonFields f) {
            String player = ArgRules.player(f, "player");
            double x = ArgRules.coordinate(f, "x");
            double y = ArgRules.coordinate(f, "y");
            double z = ArgRules.coordinate(f, "z");
            return new Args(player, x, y, z, ArgRules.optionalWorld(f, "world"));
        }

        @Override
        public JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.addProperty("player", player);
            o.add("x", JsonFields.num(x));
            o.add("y", JsonFields.num(y));
            o.add("z", JsonFields.num(z));
            if (world != null) o.addProperty("world", world);
            return o;
        }
    }

    private TeleportPlayerOp() {}

    static JsonElement run(Args args, OpContext ctx) {
        PlayerView player = Players.require(ctx.game(), args.player());
        String world = Worlds.resolve(ctx.game(), args.world(), Worlds.normalize(player.world()));
        ctx.game().teleport(player.uuid(), world, args.x(), args.y(), args.z());
        JsonObject data = new JsonObject();
        data.addProperty("player", player.name());
        data.add("location", Worlds.location(world, args.x(), args.y(), args.z()));
        return data;
    }
}

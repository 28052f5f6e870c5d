package dev.mcpbridge.core.ops;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.ops.args.ArgRules;
import dev.mcpbridge.core.ops.args.OpArgs;
import dev.mcpbridge.core.spi.GameAccess.ItemStackView;
import dev.mcpbridge.core.spi.GameAccess.PlayerView;
import java.util.List;

/** get_online_players and get_player_info. */
final class PlayerQueries {
    record Args(String player) implements OpArgs {
        static Args parse(JsonFields f) {
            return new Args(ArgRules.player(f, "player"));
        }

        @Override
        public JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.addProperty("player", player);
            return o;
        }
    }

    private PlayerQueries() {}

    static JsonElement online(OpContext ctx) {
        List<PlayerView> players = ctx.game().onlinePlayers();
        JsonArray names = new JsonArray();
        players.forEach(p -> names.add(p.name()));
        JsonObject data = new JsonObject();
        data.add("players", names);
        data.addProperty("online", players.size());
        data.addProperty("max", Math.max(0, ctx.game().maxPlayers()));
        return data;
    }

    static JsonElement info(Args args, OpContext ctx) {
        PlayerView p = Players.require(ctx.game(), args.player());
        JsonObject data = new JsonObject();
        data.addProperty("name", p.name());
        data.addProperty("uuid", p.uuid().toString());
        data.add("health", JsonFields.num(p.health()));
        data.addProperty("foodLevel", p.foodLevel());
        data.add("location", Worlds.location(p.world(), p.x(), p.y(), p.z()));
        data.addProperty("gameMode", p.gameMode().name());
        JsonArray inventory = new JsonArray();
        for (ItemStackView stack : p.inventory()) {
            JsonObject s = new JsonObject();
            s.addProperty("type", stack.type());
            s.addProperty("quantity", Math.max(0, stack.quantity()));
            if (stack.displayName() != null) s.addProperty("displayName", stack.displayName());
            inventory.add(s);
        }
        data.add("inventory", inventory);
        return data;
    }
}

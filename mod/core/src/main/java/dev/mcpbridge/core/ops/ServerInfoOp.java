package dev.mcpbridge.core.ops;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.JsonFields;

/** get_server_info: version, players, the overworld's time of day and weather, TPS. */
final class ServerInfoOp {
    private ServerInfoOp() {}

    static JsonElement run(OpContext ctx) {
        String overworld = Worlds.overworld(ctx.game());
        JsonObject data = new JsonObject();
        data.addProperty("version", ctx.game().minecraftVersion());
        data.addProperty("onlinePlayers", ctx.game().onlinePlayers().size());
        data.addProperty("maxPlayers", Math.max(0, ctx.game().maxPlayers()));
        data.addProperty("timeOfDay", Math.floorMod(ctx.game().dayTime(overworld), 24_000L));
        data.addProperty("weather", ctx.game().weather(overworld).name());
        double tps = ctx.game().tps();
        data.add("tps", JsonFields.num(Double.isFinite(tps) ? Math.max(0, Math.min(20, tps)) : 0));
        return data;
    }
}

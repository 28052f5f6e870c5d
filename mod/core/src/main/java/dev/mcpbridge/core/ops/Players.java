package dev.mcpbridge.core.ops;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import dev.mcpbridge.core.spi.GameAccess;
import dev.mcpbridge.core.spi.GameAccess.PlayerView;

/** Finds an online player or fails with PLAYER_NOT_FOUND listing who is online. */
public final class Players {
    private Players() {}

    public static PlayerView require(GameAccess game, String name) {
        return game.findPlayer(name).orElseThrow(() -> notFound(game, name));
    }

    static BridgeException notFound(GameAccess game, String name) {
        JsonObject details = new JsonObject();
        details.addProperty("player", name);
        JsonArray online = new JsonArray();
        game.onlinePlayers().forEach(p -> online.add(p.name()));
        details.add("online", online);
        return new BridgeException(ErrorCode.PLAYER_NOT_FOUND, "Player '" + name + "' is not online"
                + (online.isEmpty() ? " (nobody is online)" : "; online: " + join(online)), details);
    }

    private static String join(JsonArray names) {
        StringBuilder sb = new StringBuilder();
        names.forEach(n -> sb.append(sb.length() == 0 ? "" : ", ").append(n.getAsString()));
        return sb.toString();
    }
}

package dev.mcpbridge.devserver.management;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.GameEvents;
import java.util.UUID;

/** Turns joins and quits into the management protocol's players/joined and players/left notifications. */
public final class ManagementEvents implements GameEvents {
    private final ManagementServer server;

    public ManagementEvents(ManagementServer server) {
        this.server = server;
    }

    static JsonObject player(String name, UUID uuid) {
        JsonObject p = new JsonObject();
        p.addProperty("id", uuid.toString());
        p.addProperty("name", name);
        return p;
    }

    @Override
    public void playerJoin(String player, UUID uuid) {
        server.notifyAll("minecraft:notification/players/joined", player(player, uuid));
    }

    @Override
    public void playerQuit(String player, UUID uuid) {
        server.notifyAll("minecraft:notification/players/left", player(player, uuid));
    }

    @Override
    public void playerChat(String player, UUID uuid, String message) {}

    @Override
    public void playerDeath(String player, String cause, String world, double x, double y, double z, String killer) {}

    @Override
    public void blockBreak(String player, String blockType, String world, int x, int y, int z) {}
}

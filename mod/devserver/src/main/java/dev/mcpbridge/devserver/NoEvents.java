package dev.mcpbridge.devserver;

import dev.mcpbridge.core.GameEvents;
import java.util.UUID;

/** GameEvents that go nowhere: the devserver without the mod, and world-only tests. */
enum NoEvents implements GameEvents {
    INSTANCE;

    @Override
    public void playerJoin(String player, UUID uuid) {}

    @Override
    public void playerQuit(String player, UUID uuid) {}

    @Override
    public void playerChat(String player, UUID uuid, String message) {}

    @Override
    public void playerDeath(String player, String cause, String world, double x, double y, double z, String killer) {}

    @Override
    public void blockBreak(String player, String blockType, String world, int x, int y, int z) {}
}

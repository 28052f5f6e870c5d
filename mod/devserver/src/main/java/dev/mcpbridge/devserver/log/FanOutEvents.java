package dev.mcpbridge.devserver.log;

import dev.mcpbridge.core.GameEvents;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/** Hands each game happening to several listeners (the server log, the management server, the mod). */
public final class FanOutEvents implements GameEvents {
    private final List<GameEvents> targets = new CopyOnWriteArrayList<>();

    /** Adds a listener; happenings from then on reach it too. */
    public void add(GameEvents target) {
        targets.add(target);
    }

    @Override
    public void playerJoin(String player, UUID uuid) {
        targets.forEach(t -> t.playerJoin(player, uuid));
    }

    @Override
    public void playerQuit(String player, UUID uuid) {
        targets.forEach(t -> t.playerQuit(player, uuid));
    }

    @Override
    public void playerChat(String player, UUID uuid, String message) {
        targets.forEach(t -> t.playerChat(player, uuid, message));
    }

    @Override
    public void playerDeath(String player, String cause, String world, double x, double y, double z, String killer) {
        targets.forEach(t -> t.playerDeath(player, cause, world, x, y, z, killer));
    }

    @Override
    public void blockBreak(String player, String blockType, String world, int x, int y, int z) {
        targets.forEach(t -> t.blockBreak(player, blockType, world, x, y, z));
    }
}

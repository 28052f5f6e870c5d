package dev.mcpbridge.core;

import java.util.UUID;

/**
 * Event hooks the platform calls, on the server thread. They never block: each call only builds an
 * event and appends it to the bounded outbox; network I/O happens on the emitter's own thread.
 * Worlds may be dimension ids or the aliases {@code world}, {@code world_nether}, {@code world_the_end}.
 */
public interface GameEvents {
    void playerJoin(String player, UUID uuid);

    void playerQuit(String player, UUID uuid);

    void playerChat(String player, UUID uuid, String message);

    void playerDeath(String player, String cause, String world, double x, double y, double z, String killerOrNull);

    void blockBreak(String player, String blockType, String world, int x, int y, int z);
}

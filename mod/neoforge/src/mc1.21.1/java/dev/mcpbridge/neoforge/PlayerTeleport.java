// Minecraft 1.21.1 (NeoForge 21.1.x): ServerPlayer#teleportTo(ServerLevel, x, y, z, yRot, xRot); see API-NOTES.md.
package dev.mcpbridge.neoforge;

import net.minecraft.server.level.ServerLevel;
import net.minecraft.server.level.ServerPlayer;

/** The one call whose signature differs between the supported Minecraft versions (one copy per version). */
final class PlayerTeleport {
    private PlayerTeleport() {}

    /** Moves the player, keeping where they look, across dimensions if needed. */
    static void teleport(ServerPlayer player, ServerLevel level, double x, double y, double z) {
        player.teleportTo(level, x, y, z, player.getYRot(), player.getXRot());
    }
}

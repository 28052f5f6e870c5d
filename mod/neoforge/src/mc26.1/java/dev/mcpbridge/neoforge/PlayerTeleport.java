// Minecraft 26.1 (NeoForge 26.1.x), checked in 26.1.2: ServerPlayer#teleportTo(ServerLevel, x, y, z, Set<Relative>, yRot,
// xRot, resetCamera), as in 1.21.3; see API-NOTES.md.
package dev.mcpbridge.neoforge;

import java.util.Set;
import net.minecraft.server.level.ServerLevel;
import net.minecraft.server.level.ServerPlayer;

/** The one call whose signature differs between the supported Minecraft versions (one copy per version). */
final class PlayerTeleport {
    private PlayerTeleport() {}

    /** Moves the player, keeping where they look, across dimensions if needed (absolute, as vanilla /tp). */
    static void teleport(ServerPlayer player, ServerLevel level, double x, double y, double z) {
        player.teleportTo(level, x, y, z, Set.of(), player.getYRot(), player.getXRot(), true);
    }
}

// Minecraft 1.21.3, 1.21.11 and 26.1 (NeoForge 21.3.x, 21.11.x, 26.1.x): ServerPlayer#teleportTo(ServerLevel, x, y, z,
// Set<Relative>, yRot, xRot, setCamera), the 6-argument overload of 1.21.1 is gone; see API-NOTES.md.
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

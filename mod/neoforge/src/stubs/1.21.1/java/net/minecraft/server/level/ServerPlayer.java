// Stub (signatures only, no logic) of Minecraft 1.21.1 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.server.level;

import net.minecraft.network.chat.Component;
import net.minecraft.world.entity.player.Player;

public class ServerPlayer extends Player {
    public final ServerPlayerGameMode gameMode = null;

    protected ServerPlayer() { throw new UnsupportedOperationException(); }

    public void teleportTo(double x, double y, double z) { throw new UnsupportedOperationException(); }

    public void teleportTo(ServerLevel level, double x, double y, double z, float yRot, float xRot) { throw new UnsupportedOperationException(); }

    public ServerLevel serverLevel() { throw new UnsupportedOperationException(); }

    public void sendSystemMessage(Component message) { throw new UnsupportedOperationException(); }

    public void sendSystemMessage(Component message, boolean overlay) { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.server.level;

import java.util.Set;
import net.minecraft.world.entity.Relative;
import net.minecraft.network.chat.Component;
import net.minecraft.world.entity.player.Player;

public class ServerPlayer extends Player {
    public final ServerPlayerGameMode gameMode = null;

    protected ServerPlayer() { throw new UnsupportedOperationException(); }

    public void teleportTo(double x, double y, double z) { throw new UnsupportedOperationException(); }

    public boolean teleportTo(ServerLevel level, double x, double y, double z, Set<Relative> relative, float yRot, float xRot, boolean setCamera) { throw new UnsupportedOperationException(); }

    public ServerLevel serverLevel() { throw new UnsupportedOperationException(); }

    public void sendSystemMessage(Component message) { throw new UnsupportedOperationException(); }

    public void sendSystemMessage(Component message, boolean overlay) { throw new UnsupportedOperationException(); }
}

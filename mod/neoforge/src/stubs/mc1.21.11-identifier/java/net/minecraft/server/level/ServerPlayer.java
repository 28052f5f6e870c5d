// Stub (signatures only, no logic) of Minecraft 1.21.11 and 26.1 (checked in 1.21.11 and 26.1.2); see mod/neoforge/API-NOTES.md.
package net.minecraft.server.level;

import java.util.Set;
import net.minecraft.network.chat.Component;
import net.minecraft.world.entity.Relative;
import net.minecraft.world.entity.item.ItemEntity;
import net.minecraft.world.entity.player.Player;
import net.minecraft.world.item.ItemStack;

public class ServerPlayer extends Player {
    public final ServerPlayerGameMode gameMode = null;

    protected ServerPlayer() { throw new UnsupportedOperationException(); }

    public void teleportTo(double x, double y, double z) { throw new UnsupportedOperationException(); }

    public boolean teleportTo(ServerLevel level, double x, double y, double z, Set<Relative> relatives, float newYRot, float newXRot, boolean resetCamera) { throw new UnsupportedOperationException(); }

    @Override
    public ServerLevel level() { throw new UnsupportedOperationException(); }

    public void sendSystemMessage(Component message) { throw new UnsupportedOperationException(); }

    public void sendSystemMessage(Component message, boolean overlay) { throw new UnsupportedOperationException(); }

    public ItemEntity drop(ItemStack itemStack, boolean randomly, boolean thrownFromHand) { throw new UnsupportedOperationException(); }
}

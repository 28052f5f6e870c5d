// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.server.players;

import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import net.minecraft.network.chat.Component;
import net.minecraft.server.level.ServerPlayer;

public abstract class PlayerList {
    protected PlayerList() { throw new UnsupportedOperationException(); }

    public ServerPlayer getPlayerByName(String name) { throw new UnsupportedOperationException(); }

    public void broadcastSystemMessage(Component message, boolean overlay) { throw new UnsupportedOperationException(); }

    public void broadcastSystemMessage(Component message, Function<ServerPlayer, Component> perPlayer, boolean overlay) { throw new UnsupportedOperationException(); }

    public List<ServerPlayer> getPlayers() { throw new UnsupportedOperationException(); }

    public ServerPlayer getPlayer(UUID uuid) { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.server;

import net.minecraft.commands.CommandSourceStack;
import net.minecraft.commands.Commands;
import net.minecraft.resources.ResourceKey;
import net.minecraft.server.level.ServerLevel;
import net.minecraft.server.players.PlayerList;
import net.minecraft.util.thread.ReentrantBlockableEventLoop;
import net.minecraft.world.level.Level;

public abstract class MinecraftServer extends ReentrantBlockableEventLoop<TickTask> {
    protected MinecraftServer() { throw new UnsupportedOperationException(); }

    public final ServerLevel overworld() { throw new UnsupportedOperationException(); }

    public ServerLevel getLevel(ResourceKey<Level> dimension) { throw new UnsupportedOperationException(); }

    public Iterable<ServerLevel> getAllLevels() { throw new UnsupportedOperationException(); }

    public String getServerVersion() { throw new UnsupportedOperationException(); }

    public int getMaxPlayers() { throw new UnsupportedOperationException(); }

    public PlayerList getPlayerList() { throw new UnsupportedOperationException(); }

    public Commands getCommands() { throw new UnsupportedOperationException(); }

    public CommandSourceStack createCommandSourceStack() { throw new UnsupportedOperationException(); }

    public ServerTickRateManager tickRateManager() { throw new UnsupportedOperationException(); }

    public long getAverageTickTimeNanos() { throw new UnsupportedOperationException(); }
}

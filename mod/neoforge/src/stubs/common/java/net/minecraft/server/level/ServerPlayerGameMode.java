// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.server.level;

import net.minecraft.world.level.GameType;

public class ServerPlayerGameMode {
    private ServerPlayerGameMode() { throw new UnsupportedOperationException(); }

    public GameType getGameModeForPlayer() { throw new UnsupportedOperationException(); }
}

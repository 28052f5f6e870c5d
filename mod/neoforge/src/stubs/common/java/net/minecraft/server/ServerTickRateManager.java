// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.server;

import net.minecraft.world.TickRateManager;

public class ServerTickRateManager extends TickRateManager {
    private ServerTickRateManager() { throw new UnsupportedOperationException(); }
}

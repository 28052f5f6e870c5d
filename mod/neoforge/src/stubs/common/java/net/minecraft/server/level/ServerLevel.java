// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.server.level;

import net.minecraft.world.level.Level;

public class ServerLevel extends Level {
    private ServerLevel() { throw new UnsupportedOperationException(); }
}

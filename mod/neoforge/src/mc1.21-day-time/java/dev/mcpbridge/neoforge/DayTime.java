// Minecraft 1.21.1, 1.21.3 and 1.21.11 (NeoForge 21.1.x, 21.3.x, 21.11.x): Level#getDayTime, which 26.1 replaced
// with world clocks; see API-NOTES.md ("Differences between the versions").
package dev.mcpbridge.neoforge;

import net.minecraft.server.level.ServerLevel;

/** The world's time of day in ticks (one copy per line: 26.1 reads a world clock instead). */
final class DayTime {
    private DayTime() {}

    static long of(ServerLevel level) {
        return level.getDayTime();
    }
}

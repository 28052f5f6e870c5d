// Minecraft 26.1 (NeoForge 26.1.x), checked in 26.1.2: world clocks replaced Level#getDayTime; see API-NOTES.md
// ("Differences between the versions").
package dev.mcpbridge.neoforge;

import net.minecraft.server.level.ServerLevel;

/** The world's time of day in ticks (one copy per line: 1.21.x reads Level#getDayTime instead). */
final class DayTime {
    private DayTime() {}

    /** The world's default clock, the one vanilla's {@code /time query} reads (0 for a dimension without one). */
    static long of(ServerLevel level) {
        return level.getDefaultClockTime();
    }
}

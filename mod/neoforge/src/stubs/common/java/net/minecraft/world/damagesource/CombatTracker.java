// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.damagesource;

import net.minecraft.network.chat.Component;

public class CombatTracker {
    private CombatTracker() { throw new UnsupportedOperationException(); }

    public Component getDeathMessage() { throw new UnsupportedOperationException(); }
}

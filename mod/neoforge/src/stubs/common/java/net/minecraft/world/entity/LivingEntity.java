// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.entity;

import net.minecraft.world.damagesource.CombatTracker;

public abstract class LivingEntity extends Entity {
    protected LivingEntity() { throw new UnsupportedOperationException(); }

    public float getHealth() { throw new UnsupportedOperationException(); }

    public CombatTracker getCombatTracker() { throw new UnsupportedOperationException(); }
}

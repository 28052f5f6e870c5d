// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.event.entity.living;

import net.minecraft.world.damagesource.DamageSource;

public class LivingDeathEvent extends LivingEvent {
    private LivingDeathEvent() { throw new UnsupportedOperationException(); }

    public DamageSource getSource() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.event.entity.living;

import net.minecraft.world.entity.LivingEntity;
import net.neoforged.neoforge.event.entity.EntityEvent;

public abstract class LivingEvent extends EntityEvent {
    protected LivingEvent() { throw new UnsupportedOperationException(); }

    @Override
    public LivingEntity getEntity() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.event.entity;

import net.minecraft.world.entity.Entity;
import net.neoforged.bus.api.Event;

public abstract class EntityEvent extends Event {
    protected EntityEvent() { throw new UnsupportedOperationException(); }

    public Entity getEntity() { throw new UnsupportedOperationException(); }
}

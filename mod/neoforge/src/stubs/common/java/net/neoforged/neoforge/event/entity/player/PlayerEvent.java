// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.event.entity.player;

import net.minecraft.world.entity.player.Player;
import net.neoforged.neoforge.event.entity.living.LivingEvent;

public abstract class PlayerEvent extends LivingEvent {
    protected PlayerEvent() { throw new UnsupportedOperationException(); }

    @Override
    public Player getEntity() { throw new UnsupportedOperationException(); }

    public static class PlayerLoggedInEvent extends PlayerEvent {
        private PlayerLoggedInEvent() { throw new UnsupportedOperationException(); }
    }

    public static class PlayerLoggedOutEvent extends PlayerEvent {
        private PlayerLoggedOutEvent() { throw new UnsupportedOperationException(); }
    }
}

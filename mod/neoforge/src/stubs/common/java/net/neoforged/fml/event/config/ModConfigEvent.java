// Stub (signatures only, no logic) of FancyModLoader 4.0.x (neoforged/FancyModLoader branches 1.21.1 and 1.21.3); see mod/neoforge/API-NOTES.md.
package net.neoforged.fml.event.config;

import net.neoforged.bus.api.Event;
import net.neoforged.fml.config.ModConfig;

public class ModConfigEvent extends Event {
    protected ModConfigEvent() { throw new UnsupportedOperationException(); }

    public ModConfig getConfig() { throw new UnsupportedOperationException(); }

    public static class Reloading extends ModConfigEvent {
        private Reloading() { throw new UnsupportedOperationException(); }
    }
}

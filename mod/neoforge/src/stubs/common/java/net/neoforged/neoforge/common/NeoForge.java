// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.common;

import net.neoforged.bus.api.IEventBus;

public class NeoForge {
    public static final IEventBus EVENT_BUS = null;

    private NeoForge() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.event.server;

import net.minecraft.server.MinecraftServer;
import net.neoforged.bus.api.Event;

public abstract class ServerLifecycleEvent extends Event {
    protected ServerLifecycleEvent() { throw new UnsupportedOperationException(); }

    public MinecraftServer getServer() { throw new UnsupportedOperationException(); }
}

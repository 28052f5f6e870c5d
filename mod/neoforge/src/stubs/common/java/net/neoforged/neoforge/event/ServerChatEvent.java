// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.event;

import net.minecraft.server.level.ServerPlayer;
import net.neoforged.bus.api.Event;

public class ServerChatEvent extends Event {
    private ServerChatEvent() { throw new UnsupportedOperationException(); }

    public ServerPlayer getPlayer() { throw new UnsupportedOperationException(); }

    public String getUsername() { throw new UnsupportedOperationException(); }

    public String getRawText() { throw new UnsupportedOperationException(); }
}

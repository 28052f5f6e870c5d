// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.event;

import com.mojang.brigadier.CommandDispatcher;
import net.minecraft.commands.CommandSourceStack;
import net.neoforged.bus.api.Event;

public class RegisterCommandsEvent extends Event {
    private RegisterCommandsEvent() { throw new UnsupportedOperationException(); }

    public CommandDispatcher<CommandSourceStack> getDispatcher() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.commands;

import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import net.minecraft.network.chat.Component;

public class CommandSourceStack {
    private CommandSourceStack() { throw new UnsupportedOperationException(); }

    public CommandSourceStack withSource(CommandSource source) { throw new UnsupportedOperationException(); }

    public CommandSourceStack withCallback(CommandResultCallback callback) { throw new UnsupportedOperationException(); }

    public CommandSourceStack withCallback(CommandResultCallback callback, BinaryOperator<CommandResultCallback> combiner) { throw new UnsupportedOperationException(); }

    public boolean hasPermission(int level) { throw new UnsupportedOperationException(); }

    public void sendSuccess(Supplier<Component> message, boolean informAdmins) { throw new UnsupportedOperationException(); }

    public void sendFailure(Component message) { throw new UnsupportedOperationException(); }
}

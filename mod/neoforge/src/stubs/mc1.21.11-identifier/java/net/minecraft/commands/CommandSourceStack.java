// Stub (signatures only, no logic) of Minecraft 1.21.11 and 26.1 (checked in 1.21.11 and 26.1.2); see mod/neoforge/API-NOTES.md.
package net.minecraft.commands;

import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import net.minecraft.network.chat.Component;
import net.minecraft.server.permissions.PermissionSet;

public class CommandSourceStack implements ExecutionCommandSource<CommandSourceStack> {
    private CommandSourceStack() { throw new UnsupportedOperationException(); }

    public CommandSourceStack withSource(CommandSource source) { throw new UnsupportedOperationException(); }

    public CommandSourceStack withCallback(CommandResultCallback callback) { throw new UnsupportedOperationException(); }

    public CommandSourceStack withCallback(CommandResultCallback callback, BinaryOperator<CommandResultCallback> combiner) { throw new UnsupportedOperationException(); }

    @Override
    public PermissionSet permissions() { throw new UnsupportedOperationException(); }

    public void sendSuccess(Supplier<Component> message, boolean broadcast) { throw new UnsupportedOperationException(); }

    public void sendFailure(Component message) { throw new UnsupportedOperationException(); }
}

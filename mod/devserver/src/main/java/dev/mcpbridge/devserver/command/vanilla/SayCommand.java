package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.Log;

/**
 * {@code say <message>}: players see "[Rcon] message"; like vanilla, the console that ran it gets
 * no output (the message goes to the players and the server log).
 */
public final class SayCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        String text = ctx.tr("chat.type.announcement", ctx.source().name(), r.readRemaining());
        ctx.world().deliver(text);
        Log.info("[Not Secure] " + text);
        return 1;
    }
}

package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;

/** {@code time query daytime|gametime|day}: "The time is N". */
public final class TimeCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        Args.literal(ctx, r, "query");
        Args.next(ctx, r);
        String what = Args.literal(ctx, r, "daytime", "gametime", "day");
        Args.end(ctx, r);
        long dayTime = ctx.world().dayTime();
        int value = switch (what) {
            case "daytime" -> (int) (dayTime % 24000L);
            case "gametime" -> (int) (ctx.world().gameTime() % Integer.MAX_VALUE);
            default -> (int) (dayTime / 24000L % Integer.MAX_VALUE);
        };
        ctx.send(ctx.tr("commands.time.query", value));
        return value;
    }
}

package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.loop.TickLoop;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code tick query} as 1.21's TickCommand: a status line (running normally / lagging), the rate
 * line ("Target tick rate: 20.0 per second.\nAverage time per tick: 0.1ms (Target: 50.0ms)") and the
 * percentiles line, concatenated as RCON shows them.
 */
public final class TickCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        Args.literal(ctx, r, "query");
        Args.end(ctx, r);
        TickLoop loop = ctx.loop();
        long average = loop.averageTickTimeNanos();
        String rate = String.format(Locale.ROOT, "%.1f", (float) TickLoop.TICKS_PER_SECOND);
        ctx.send(ctx.tr(TickLoop.NANOS_PER_TICK < average ? "commands.tick.status.lagging" : "commands.tick.status.running"));
        ctx.send(ctx.tr("commands.tick.query.rate.running", rate, millis(average), millis(TickLoop.NANOS_PER_TICK)));
        long[] times = loop.tickTimesNanos();
        Arrays.sort(times);
        ctx.send(ctx.tr("commands.tick.query.percentiles", millis(times[times.length / 2]),
                millis(times[(int) (times.length * 0.95)]), millis(times[(int) (times.length * 0.99)]), times.length));
        return TickLoop.TICKS_PER_SECOND;
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1_000_000.0);
    }
}

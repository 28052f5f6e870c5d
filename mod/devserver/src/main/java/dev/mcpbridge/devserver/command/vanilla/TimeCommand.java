package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;

/**
 * {@code time query daytime|gametime|day}: "The time is N" (from 26.1 there is no daytime, day answers
 * with the day timeline: "Timeline minecraft:day is at N tick(s)", and gametime with a key of its own:
 * "The game time is N tick(s)", as minecraft-data 26.1's en_us has it); {@code time set
 * day|noon|night|midnight|<ticks>}: "Set the time to N" (vanilla's values: day 1000, noon 6000, night 13000,
 * midnight 18000).
 */
public final class TimeCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        if (Args.literal(ctx, r, "query", "set").equals("set")) {
            return set(ctx, r);
        }
        Args.next(ctx, r);
        boolean timeline = ctx.lang().version().hasDayTimeline();
        String what = timeline ? Args.literal(ctx, r, "gametime", "day") : Args.literal(ctx, r, "daytime", "gametime", "day");
        Args.end(ctx, r);
        long dayTime = ctx.world().dayTime();
        if (timeline && what.equals("day")) {
            int tick = (int) (dayTime % 24000L);
            ctx.send(ctx.tr("commands.time.query.timeline", "minecraft:day", tick));
            return tick;
        }
        int value = switch (what) {
            case "daytime" -> (int) (dayTime % 24000L);
            case "gametime" -> (int) (ctx.world().gameTime() % Integer.MAX_VALUE);
            default -> (int) (dayTime / 24000L % Integer.MAX_VALUE);
        };
        // 26.1 gave gametime a wording of its own; daytime (gone there) and day kept "The time is N" before.
        String key = timeline && what.equals("gametime") ? "commands.time.query.gametime" : "commands.time.query";
        ctx.send(ctx.tr(key, value));
        return value;
    }

    private static int set(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        int start = r.cursor();
        int time = switch (r.readWord()) {
            case "day" -> 1000;
            case "noon" -> 6000;
            case "night" -> 13000;
            case "midnight" -> 18000;
            default -> -1;
        };
        if (time < 0) {
            r.setCursor(start);
            time = Args.integer(ctx, r, 0, Integer.MAX_VALUE);
        }
        Args.end(ctx, r);
        ctx.world().setDayTime(time);
        int dayTime = (int) (ctx.world().dayTime() % 24000L);
        ctx.send(ctx.tr("commands.time.set", dayTime));
        return dayTime;
    }
}

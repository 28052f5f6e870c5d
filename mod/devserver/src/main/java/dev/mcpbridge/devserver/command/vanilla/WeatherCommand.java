package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.core.spi.GameAccess.Weather;
import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;

/** {@code weather clear|rain|thunder [duration]}: "Set the weather to ...". The duration is accepted and ignored. */
public final class WeatherCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        String kind = Args.literal(ctx, r, "clear", "rain", "thunder");
        if (Args.hasNext(r)) {
            r.readWord(); // a time argument such as 6000, 5m or 1d
        }
        Args.end(ctx, r);
        ctx.world().setWeather(switch (kind) {
            case "rain" -> Weather.RAIN;
            case "thunder" -> Weather.THUNDER;
            default -> Weather.CLEAR;
        });
        ctx.send(ctx.tr("commands.weather.set." + kind));
        return 6000;
    }
}

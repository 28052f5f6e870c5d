package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.command.Selector;
import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.List;
import java.util.Locale;

/**
 * {@code tp|teleport <targets> <x> <y> <z>} (into the source's dimension, which {@code execute in}
 * sets) and {@code tp <targets> <destination>}. Output as vanilla: "Teleported Steve to 1.500000,
 * 64.000000, 2.500000".
 */
public final class TeleportCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        if (Coordinates.looksLikeCoordinate(r)) {
            Coordinates.parse(ctx, r, ctx.world().spawn());
            throw ctx.fail("permissions.requires.entity"); // the console is not an entity
        }
        Selector targets = Selector.parse(ctx, r, false);
        Args.next(ctx, r);
        if (!Coordinates.looksLikeCoordinate(r)) {
            Selector destination = Selector.parse(ctx, r, false);
            Args.end(ctx, r);
            SimPlayer to = destination.entity(ctx);
            List<SimPlayer> players = targets.players(ctx);
            players.forEach(p -> p.moveTo(to.dimension(), to.x(), to.y(), to.z()));
            ctx.send(players.size() == 1 ? ctx.tr("commands.teleport.success.entity.single", players.get(0).name(), to.name())
                    : ctx.tr("commands.teleport.success.entity.multiple", players.size(), to.name()));
            return players.size();
        }
        double[] pos = Coordinates.parse(ctx, r, ctx.world().spawn());
        Args.end(ctx, r);
        List<SimPlayer> players = targets.players(ctx);
        if (Math.abs(pos[0]) >= 3.0E7 || Math.abs(pos[2]) >= 3.0E7 || pos[1] < -2.0E7 || pos[1] >= 2.0E7) {
            throw ctx.fail("commands.teleport.invalidPosition");
        }
        String dim = ctx.source().dimension();
        players.forEach(p -> p.moveTo(dim, pos[0], pos[1], pos[2]));
        String x = format(pos[0]);
        String y = format(pos[1]);
        String z = format(pos[2]);
        ctx.send(players.size() == 1 ? ctx.tr("commands.teleport.success.location.single", players.get(0).name(), x, y, z)
                : ctx.tr("commands.teleport.success.location.multiple", players.size(), x, y, z));
        return players.size();
    }

    private static String format(double d) {
        return String.format(Locale.ROOT, "%f", d);
    }
}

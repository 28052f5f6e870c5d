package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.Collection;
import java.util.stream.Collectors;

/** {@code list [uuids]}: "There are N of a max of M players online: A, B". */
public final class ListCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        boolean uuids = false;
        if (Args.hasNext(r)) {
            Args.literal(ctx, r, "uuids");
            uuids = true;
        }
        Args.end(ctx, r);
        Collection<SimPlayer> players = ctx.world().players();
        boolean withIds = uuids;
        String names = players.stream()
                .map(p -> withIds ? ctx.tr("commands.list.nameAndId", p.name(), p.uuid()) : p.name())
                .collect(Collectors.joining(", "));
        ctx.send(ctx.tr("commands.list.players", players.size(), ctx.world().maxPlayers(), names));
        return players.size();
    }
}

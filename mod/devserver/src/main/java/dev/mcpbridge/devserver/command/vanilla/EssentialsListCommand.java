package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code list} as the EssentialsX plugin answers it on Paper (Commandlist, PlayerList and
 * messages.properties of EssentialsX 2.21): a summary ("listAmount") and one line per permission
 * group ("listGroupTag" then the players, each closed by white), in legacy § colours, each message
 * followed by a newline as CraftBukkit's RCON sender writes it. Players are sorted by name, all in
 * the group "default" (the group a permissions plugin gives a new player). Hidden (vanished) players
 * are counted apart ("listAmountHidden": visible/hidden) and listed to the console with "[HIDDEN]".
 */
public final class EssentialsListCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) {
        List<SimPlayer> players = ctx.world().players().stream()
                .sorted((a, b) -> a.name().compareToIgnoreCase(b.name())).toList();
        long hidden = players.stream().filter(SimPlayer::hidden).count();
        String count = hidden > 0 ? (players.size() - hidden) + "§6/§c" + hidden : String.valueOf(players.size());
        ctx.send("§6There are §c" + count + "§6 out of maximum §c" + ctx.world().maxPlayers() + "§6 players online.\n");
        if (!players.isEmpty()) {
            String names = players.stream().map(p -> (p.hidden() ? "§7[HIDDEN]§r" : "") + p.name() + "§f")
                    .collect(Collectors.joining(", "));
            ctx.send("§6default§r: " + names + "\n");
        }
        return players.size();
    }
}

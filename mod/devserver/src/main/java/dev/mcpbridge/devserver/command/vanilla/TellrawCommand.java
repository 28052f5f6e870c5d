package dev.mcpbridge.devserver.command.vanilla;

import com.google.gson.JsonParseException;
import dev.mcpbridge.devserver.Log;
import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.command.Selector;
import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.List;

/**
 * {@code tellraw <targets> <json>}: delivers the text; no output to the console, as vanilla. As the
 * devserver has no clients, each delivery is logged ("[tellraw to Steve] text"), so tests and
 * people see who received what.
 */
public final class TellrawCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        Selector targets = Selector.parse(ctx, r, true);
        Args.next(ctx, r);
        int start = r.cursor();
        String text;
        try {
            text = TextComponents.plain(r.readRemaining());
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException e) {
            r.setCursor(start);
            String why = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
            throw CommandSyntaxException.at(ctx.tr("argument.component.invalid", why), r);
        }
        List<SimPlayer> players = targets.players(ctx);
        for (SimPlayer p : players) {
            ctx.world().deliver("to " + p.name() + ": " + text);
            Log.info("[tellraw to " + p.name() + "] " + text);
        }
        return players.size();
    }
}

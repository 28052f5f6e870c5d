package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSource;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import java.util.Locale;

/**
 * {@code give <player> <item> [amount]} as EssentialsX replaces it on Paper: the items are given as
 * vanilla gives them, the answer is EssentialsX's ("giveSpawn" in its messages.properties, legacy §
 * colours): "§6Giving§c 5 §6of§c diamond §6to§c Steve§6.". A client that wants vanilla's answer
 * names {@code minecraft:give}, which Paper keeps.
 */
public final class EssentialsGiveCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        String rest = r.readRemaining().trim();
        String[] args = rest.split(" +");
        CommandContext quiet = ctx.withSource(CommandSource.console(ctx.source().name(), text -> { }));
        int given = ctx.dispatcher().executeParsed(quiet, new CommandReader("minecraft:give " + rest));
        String item = args.length > 1 ? args[1].replaceFirst("^minecraft:", "").toLowerCase(Locale.ROOT) : "";
        String amount = args.length > 2 ? args[2] : "1";
        ctx.send("§6Giving§c " + amount + " §6of§c " + item + " §6to§c " + args[0] + "§6.\n");
        return given;
    }
}

package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.command.Selector;
import dev.mcpbridge.devserver.world.ItemStack;
import dev.mcpbridge.devserver.world.Items;
import dev.mcpbridge.devserver.world.SimPlayer;
import dev.mcpbridge.devserver.world.World;
import java.util.List;

/**
 * {@code give <targets> <item> [count]} with vanilla's rules: at most 100 stacks ("Can't give more
 * than 6400 of [Diamond]"), stacks split by the item's max stack size, what does not fit is dropped.
 * Item components ({@code diamond_sword[...]}) are accepted and ignored.
 */
public final class GiveCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        Selector targets = Selector.parse(ctx, r, true);
        Args.next(ctx, r);
        Items.Item item = item(ctx, r);
        int count = 1;
        if (Args.hasNext(r)) {
            count = Args.integer(ctx, r, 1, Integer.MAX_VALUE);
        }
        Args.end(ctx, r);
        List<SimPlayer> players = targets.players(ctx);
        String name = new ItemStack(item, 1).displayName();
        int max = item.maxStackSize() * 100;
        if (count > max) {
            ctx.send(ctx.tr("commands.give.failed.toomanyitems", max, name));
            return 0;
        }
        for (SimPlayer p : players) {
            give(ctx.world(), p, item, count);
        }
        ctx.send(players.size() == 1 ? ctx.tr("commands.give.success.single", count, name, players.get(0).name())
                : ctx.tr("commands.give.success.multiple", count, name, players.size()));
        return players.size();
    }

    /** Splits into stacks and adds each; leftovers drop at the player's feet. Shared with GameAccess. */
    public static void give(World world, SimPlayer p, Items.Item item, int count) {
        int left = count;
        while (left > 0) {
            int stack = Math.min(item.maxStackSize(), left);
            left -= stack;
            int notAdded = p.add(item, stack);
            if (notAdded > 0) {
                world.dropItem(p, item, notAdded);
            }
        }
    }

    private static Items.Item item(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        int start = r.cursor();
        String word = r.readWord();
        int cut = word.length();
        for (char c : new char[] {'[', '{'}) {
            int i = word.indexOf(c);
            if (i >= 0) {
                cut = Math.min(cut, i);
            }
        }
        String id = word.substring(0, cut);
        var found = ctx.world().items().find(id);
        if (found.isEmpty()) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr("argument.item.id.invalid", id.contains(":") ? id : "minecraft:" + id), r);
        }
        return found.get();
    }
}

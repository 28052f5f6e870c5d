package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.command.Selector;
import java.util.List;

/**
 * {@code kill <targets>}: removes summoned entities ("Killed Villager Bob", "Killed 3 entities");
 * a player dies and respawns. "No entity was found" when nothing matches. (Vanilla's bare
 * {@code kill} kills the executor; the console is no entity, so it needs targets here.)
 */
public final class KillCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        Selector selector = Selector.parse(ctx, r, false);
        Args.end(ctx, r);
        List<Selector.Target> targets = selector.targets(ctx);
        if (targets.isEmpty()) {
            throw ctx.fail("argument.entity.notfound.entity");
        }
        String single = null;
        for (Selector.Target t : targets) {
            if (t.player() != null) {
                ctx.world().die(t.player(), "genericKill", null);
                single = t.player().name();
            } else {
                ctx.world().remove(t.entity());
                single = t.entity().displayName(EntityNames.of(ctx, t.type()));
            }
        }
        ctx.send(targets.size() == 1
                ? ctx.tr("commands.kill.success.single", single)
                : ctx.tr("commands.kill.success.multiple", targets.size()));
        return targets.size();
    }
}

package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.command.Selector;
import dev.mcpbridge.devserver.world.World;
import java.util.List;

/**
 * {@code execute} with the sub-commands the bridge and the NPC service need: {@code in <dimension>},
 * {@code at <targets>} and {@code positioned <x y z>} (where distances are measured from),
 * {@code if|unless predicate <inline predicate>} and {@code run <command>}. {@code at} with several
 * targets runs the rest of the chain once per target, as vanilla forks. A chain ending in a
 * condition answers "Test passed" / "Test failed", as vanilla.
 */
public final class ExecuteCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        return chain(ctx, ctx, r, true);
    }

    private int chain(CommandContext ctx, CommandContext at, CommandReader r, boolean pass) throws CommandSyntaxException {
        while (true) {
            Args.next(ctx, r);
            String sub = Args.literal(ctx, r, "in", "at", "positioned", "if", "unless", "run");
            switch (sub) {
                case "in" -> {
                    Args.next(ctx, r);
                    String id = Args.resourceId(r);
                    String dim = id.contains(":") ? id : "minecraft:" + id;
                    if (!World.DIMENSIONS.contains(dim)) {
                        throw ctx.fail("argument.dimension.invalid", dim);
                    }
                    at = at.withSource(at.source().inDimension(dim));
                }
                case "at" -> {
                    Args.next(ctx, r);
                    List<Selector.Target> targets = Selector.parse(ctx, r, false).targets(at);
                    if (targets.isEmpty()) {
                        throw ctx.fail("argument.entity.notfound.entity");
                    }
                    int rest = r.cursor();
                    int total = 0;
                    for (Selector.Target t : targets) {
                        CommandReader fork = new CommandReader(r.input());
                        fork.setCursor(rest);
                        total += chain(ctx, at.withSource(at.source().at(t.dimension(), t.pos())), fork, pass);
                    }
                    r.setCursor(r.input().length());
                    return total;
                }
                case "positioned" -> {
                    Args.next(ctx, r);
                    double[] origin = at.source().pos() != null ? at.source().pos() : ctx.world().spawn();
                    at = at.withSource(at.source().at(at.source().dimension(), Coordinates.parse(ctx, r, origin)));
                }
                case "if", "unless" -> {
                    Args.next(ctx, r);
                    Args.literal(ctx, r, "predicate");
                    Args.next(ctx, r);
                    boolean result = InlinePredicate.test(ctx, r);
                    pass &= sub.equals("if") == result;
                    if (!r.canRead()) {
                        if (!pass) {
                            throw ctx.fail("commands.execute.conditional.fail");
                        }
                        ctx.send(ctx.tr("commands.execute.conditional.pass"));
                        return 1;
                    }
                }
                default -> {
                    Args.next(ctx, r);
                    return pass ? ctx.dispatcher().executeParsed(at, r) : 0;
                }
            }
        }
    }
}

package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.world.World;

/**
 * {@code execute} with the sub-commands the bridge needs: {@code in <dimension>},
 * {@code if|unless predicate <inline predicate>} and {@code run <command>}. A chain ending in a
 * condition answers "Test passed" / "Test failed", as vanilla.
 */
public final class ExecuteCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        CommandContext at = ctx;
        boolean pass = true;
        while (true) {
            Args.next(ctx, r);
            String sub = Args.literal(ctx, r, "in", "if", "unless", "run");
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

package dev.mcpbridge.devserver.command;

/**
 * One root command. {@code reader} stands just after the command's name. Returns the command's
 * result (0 = failed, as brigadier); parse and execution errors are thrown.
 */
@FunctionalInterface
public interface Command {
    int run(CommandContext ctx, CommandReader reader) throws CommandSyntaxException;
}

package dev.mcpbridge.devserver.command;

import dev.mcpbridge.core.McpBridgeCore;

/**
 * {@code mcpbridge <request json>}, registered only when the mod is loaded, exactly as the NeoForge
 * adapter does: one literal plus a greedy string handed to the core; the core's one line of ASCII
 * JSON is the command's output.
 */
public final class McpBridgeCommand implements Command {
    private final McpBridgeCore core;

    public McpBridgeCommand(McpBridgeCore core) {
        this.core = core;
    }

    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        ctx.send(core.handleCommand(r.readRemaining()));
        return 1;
    }
}

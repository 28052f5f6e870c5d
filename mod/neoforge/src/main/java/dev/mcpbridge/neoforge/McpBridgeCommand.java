// Checked against every line in versions/ (Mojang names); calls that differ live in src/mc<line>/java; see API-NOTES.md.
package dev.mcpbridge.neoforge;

import com.mojang.brigadier.Command;
import com.mojang.brigadier.CommandDispatcher;
import com.mojang.brigadier.arguments.StringArgumentType;
import dev.mcpbridge.core.McpBridgeCore;
import java.util.function.Supplier;
import net.minecraft.commands.CommandSourceStack;
import net.minecraft.commands.Commands;
import net.minecraft.network.chat.Component;
import org.slf4j.Logger;

/**
 * Protocol boundary. In: {@code /mcpbridge <ASCII-JSON request or array of requests>}, from RCON or an
 * operator (permission level 4; ordinary players never see the command). Out: the core's answer, one line
 * of ASCII JSON, as the command's feedback ({@code sendSuccess(..., false)}, so it is not echoed to other
 * operators). Only a broken core (an exception, which the core is built never to throw) or a stopped
 * server gives a plain-text failure instead; the former is logged with its stack trace.
 */
final class McpBridgeCommand {
    static final String NAME = "mcpbridge";
    private static final String REQUEST = "request";

    private McpBridgeCommand() {}

    static void register(CommandDispatcher<CommandSourceStack> dispatcher, Supplier<McpBridgeCore> core, Logger log) {
        dispatcher.register(Commands.literal(NAME)
                .requires(GameIds.ownersOnly())
                .then(Commands.argument(REQUEST, StringArgumentType.greedyString())
                        .executes(ctx -> run(ctx.getSource(), StringArgumentType.getString(ctx, REQUEST), core.get(), log))));
    }

    private static int run(CommandSourceStack source, String request, McpBridgeCore core, Logger log) {
        if (core == null) {
            source.sendFailure(Component.literal("mcpbridge is not running: the server is starting or stopping; retry"));
            return 0;
        }
        String answer;
        try {
            answer = core.handleCommand(request);
        } catch (RuntimeException e) {
            log.error("/mcpbridge failed on a request of {} chars", request.length(), e);
            source.sendFailure(Component.literal("mcpbridge internal error (" + e + "); see the server log"));
            return 0;
        }
        source.sendSuccess(() -> Component.literal(answer), false);
        return Command.SINGLE_SUCCESS;
    }
}

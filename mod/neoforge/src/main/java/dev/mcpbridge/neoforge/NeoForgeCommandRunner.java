// Checked against every line in versions/ (Mojang names); calls that differ live in src/mc<line>/java; see API-NOTES.md.
package dev.mcpbridge.neoforge;

import dev.mcpbridge.core.spi.GameAccess.CommandResult;
import java.util.ArrayList;
import java.util.List;
import net.minecraft.commands.CommandSource;
import net.minecraft.commands.CommandSourceStack;
import net.minecraft.commands.Commands;
import net.minecraft.commands.execution.ExecutionContext;
import net.minecraft.network.chat.Component;
import net.minecraft.server.MinecraftServer;

/**
 * Runs one command as the server console (permission 4, like RCON) and returns what it printed.
 *
 * <p>Why the execution context is swapped: /mcpbridge itself runs inside a command execution context, and
 * in 1.21.1 {@code Commands#executeCommandInContext} only <em>queues</em> a command when a context is
 * current, so the output would arrive after our reply was built. Clearing the thread's current context
 * for the call makes {@code performPrefixedCommand} run the command to completion in a context of its
 * own (NeoForge's CommandEvent still fires); the outer context is restored afterwards.
 * The field is opened by META-INF/accesstransformer.cfg. Call on the server thread only.
 */
final class NeoForgeCommandRunner {
    private NeoForgeCommandRunner() {}

    static CommandResult run(MinecraftServer server, String command) {
        Capture capture = new Capture();
        CommandSourceStack source = server.createCommandSourceStack()
                .withSource(capture)
                .withCallback(capture::onResult);
        ThreadLocal<ExecutionContext<CommandSourceStack>> current = Commands.CURRENT_EXECUTION_CONTEXT;
        ExecutionContext<CommandSourceStack> outer = current.get();
        current.set(null);
        try {
            server.getCommands().performPrefixedCommand(source, command);
        } finally {
            current.set(outer);
        }
        return new CommandResult(capture.success, capture.result, List.copyOf(capture.lines));
    }

    /**
     * Collects the command's feedback. {@code success} follows brigadier: true when the command ran without a
     * syntax/runtime error, even if its result is 0 (e.g. {@code list} with nobody online); results of
     * forked executions ({@code execute as @a ...}) are summed.
     */
    private static final class Capture implements CommandSource {
        private final List<String> lines = new ArrayList<>();
        private boolean success;
        private int result;

        void onResult(boolean ok, int value) {
            if (ok) {
                success = true;
                result += value;
            }
        }

        @Override
        public void sendSystemMessage(Component message) {
            lines.add(message.getString());
        }

        @Override
        public boolean acceptsSuccess() {
            return true;
        }

        @Override
        public boolean acceptsFailure() {
            return true;
        }

        /** As RCON does: operators see "[Server: ...]" and the console log keeps an audit line. */
        @Override
        public boolean shouldInformAdmins() {
            return true;
        }
    }
}

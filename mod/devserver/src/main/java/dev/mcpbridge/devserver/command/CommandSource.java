package dev.mcpbridge.devserver.command;

import dev.mcpbridge.devserver.world.Ids;
import java.util.function.Consumer;

/**
 * Who runs a command and where its output goes: the RCON console (output into the shared buffer)
 * or the server console used by GameAccess#executeCommand. {@code dimension} is changed by
 * {@code execute in}.
 */
public record CommandSource(String name, String dimension, Consumer<String> output) {
    public static CommandSource console(String name, Consumer<String> output) {
        return new CommandSource(name, Ids.OVERWORLD, output);
    }

    public CommandSource inDimension(String dim) {
        return new CommandSource(name, dim, output);
    }

    public void send(String text) {
        output.accept(text);
    }
}

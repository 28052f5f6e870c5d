package dev.mcpbridge.devserver.command;

import dev.mcpbridge.devserver.world.Ids;
import java.util.function.Consumer;

/**
 * Who runs a command and where its output goes: the RCON console (output into the shared buffer)
 * or the server console used by GameAccess#executeCommand. {@code dimension} is changed by
 * {@code execute in}; {@code pos} (null: the world spawn) by {@code execute at|positioned}.
 */
public record CommandSource(String name, String dimension, Consumer<String> output, double[] pos) {
    public CommandSource(String name, String dimension, Consumer<String> output) {
        this(name, dimension, output, null);
    }

    public static CommandSource console(String name, Consumer<String> output) {
        return new CommandSource(name, Ids.OVERWORLD, output);
    }

    public CommandSource inDimension(String dim) {
        return new CommandSource(name, dim, output, pos);
    }

    public CommandSource at(String dim, double[] position) {
        return new CommandSource(name, dim, output, position.clone());
    }

    public void send(String text) {
        output.accept(text);
    }
}

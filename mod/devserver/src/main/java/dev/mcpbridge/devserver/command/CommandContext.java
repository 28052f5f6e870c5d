package dev.mcpbridge.devserver.command;

import dev.mcpbridge.devserver.loop.TickLoop;
import dev.mcpbridge.devserver.world.World;

/** What a command sees while it runs on the main thread. */
public record CommandContext(World world, Lang lang, TickLoop loop, Dispatcher dispatcher, CommandSource source) {
    public CommandContext withSource(CommandSource other) {
        return new CommandContext(world, lang, loop, dispatcher, other);
    }

    public String tr(String key, Object... args) {
        return lang.tr(key, args);
    }

    public void send(String text) {
        source.send(text);
    }

    public CommandSyntaxException fail(String key, Object... args) {
        return new CommandSyntaxException(lang.tr(key, args));
    }
}

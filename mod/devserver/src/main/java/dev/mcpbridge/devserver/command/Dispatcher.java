package dev.mcpbridge.devserver.command;

import dev.mcpbridge.devserver.Log;
import dev.mcpbridge.devserver.loop.TickLoop;
import dev.mcpbridge.devserver.world.World;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs one command line on the main thread, as vanilla's Commands#performPrefixedCommand: a leading
 * slash is ignored, an unknown root answers "Unknown or incomplete command, see below for error"
 * followed by the {@code <--[HERE]} context, other failures answer their message.
 */
public final class Dispatcher {
    private final Map<String, Command> roots = new HashMap<>();
    private final World world;
    private final Lang lang;
    private final TickLoop loop;

    public Dispatcher(World world, Lang lang, TickLoop loop) {
        this.world = world;
        this.lang = lang;
        this.loop = loop;
    }

    public void register(String name, Command command) {
        roots.put(name, command);
    }

    /**
     * What a command did, as brigadier's result callback says it: {@code success} is false only when it
     * failed with an error; a command that ran is a success whatever its result (0 included).
     */
    public record Outcome(boolean success, int result) {
        static final Outcome FAILED = new Outcome(false, 0);
    }

    public Outcome execute(CommandSource source, String line) {
        String command = line.startsWith("/") ? line.substring(1) : line;
        CommandContext ctx = new CommandContext(world, lang, loop, this, source);
        try {
            return new Outcome(true, executeParsed(ctx, new CommandReader(command)));
        } catch (CommandSyntaxException e) {
            source.send(e.getMessage());
            String context = e.contextLine(lang.tr("command.context.here"));
            if (context != null) {
                source.send(context);
            }
            return Outcome.FAILED;
        } catch (RuntimeException e) {
            // vanilla: "command.failed" is shown to the source and the stack goes to the log
            Log.error("Command exception: /" + command, e);
            source.send("An unexpected error occurred trying to execute that command");
            return Outcome.FAILED;
        }
    }

    /** Runs the command at the reader's cursor (also used by {@code execute ... run}). */
    public int executeParsed(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        int start = r.cursor();
        String name = r.readWord();
        Command root = roots.get(name);
        if (root == null) {
            r.setCursor(start);
            throw CommandSyntaxException.at(lang.tr("command.unknown.command"), r);
        }
        return root.run(ctx, r);
    }
}

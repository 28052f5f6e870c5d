package dev.mcpbridge.devserver.command;

/**
 * A command failure as brigadier reports it: the raw message, and (for parse errors) the input and
 * cursor that produce vanilla's second line {@code ...<text><--[HERE]}.
 */
public final class CommandSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String input;
    private final int cursor;

    /** A failure without position (e.g. "No player was found"). */
    public CommandSyntaxException(String message) {
        this(message, null, -1);
    }

    public CommandSyntaxException(String message, String input, int cursor) {
        super(message, null, false, false);
        this.input = input;
        this.cursor = cursor;
    }

    public static CommandSyntaxException at(String message, CommandReader reader) {
        return new CommandSyntaxException(message, reader.input(), reader.cursor());
    }

    /** Vanilla Commands#performCommand's context line, or null when the failure has no position. */
    public String contextLine(String here) {
        if (input == null || cursor < 0) {
            return null;
        }
        int i = Math.min(input.length(), cursor);
        StringBuilder sb = new StringBuilder();
        if (i > 10) {
            sb.append("...");
        }
        sb.append(input, Math.max(0, i - 10), i);
        sb.append(input.substring(i));
        sb.append(here);
        return sb.toString();
    }
}

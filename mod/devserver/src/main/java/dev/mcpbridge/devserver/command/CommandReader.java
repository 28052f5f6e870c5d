package dev.mcpbridge.devserver.command;

/** A cursor over the command text, in the manner of brigadier's StringReader. */
public final class CommandReader {
    private final String input;
    private int cursor;

    public CommandReader(String input) {
        this.input = input;
    }

    public String input() {
        return input;
    }

    public int cursor() {
        return cursor;
    }

    public void setCursor(int cursor) {
        this.cursor = cursor;
    }

    public boolean canRead() {
        return cursor < input.length();
    }

    public char peek() {
        return input.charAt(cursor);
    }

    public void skip() {
        cursor++;
    }

    /** Reads up to the next space (not consuming it). */
    public String readWord() {
        int start = cursor;
        while (canRead() && peek() != ' ') {
            cursor++;
        }
        return input.substring(start, cursor);
    }

    public String readRemaining() {
        String rest = input.substring(cursor);
        cursor = input.length();
        return rest;
    }

    /** Consumes the single space that separates arguments; true when another argument follows. */
    public boolean nextArgument() {
        if (canRead() && peek() == ' ' && cursor + 1 < input.length()) {
            cursor++;
            return true;
        }
        return false;
    }

    public String remaining() {
        return input.substring(cursor);
    }
}

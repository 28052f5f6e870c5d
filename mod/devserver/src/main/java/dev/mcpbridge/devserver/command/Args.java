package dev.mcpbridge.devserver.command;

import java.util.Locale;

/** Argument parsing with brigadier's errors and cursor positions. */
public final class Args {
    private Args() {}

    /** Moves to the next argument, or fails as an incomplete command (cursor at the end). */
    public static void next(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        if (!r.nextArgument()) {
            r.setCursor(r.input().length());
            throw CommandSyntaxException.at(ctx.tr("command.unknown.command"), r);
        }
    }

    /** True (and positioned on it) when another argument follows. */
    public static boolean hasNext(CommandReader r) {
        return r.nextArgument();
    }

    /** Fails with "Incorrect argument for command" when text remains. */
    public static void end(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        if (r.canRead()) {
            if (r.peek() == ' ') {
                r.skip();
            }
            throw CommandSyntaxException.at(ctx.tr("command.unknown.argument"), r);
        }
    }

    /** Reads one of the given literals. */
    public static String literal(CommandContext ctx, CommandReader r, String... options) throws CommandSyntaxException {
        int start = r.cursor();
        String word = r.readWord();
        for (String o : options) {
            if (o.equals(word)) {
                return o;
            }
        }
        r.setCursor(start);
        throw CommandSyntaxException.at(ctx.tr("command.unknown.argument"), r);
    }

    public static int integer(CommandContext ctx, CommandReader r, int min, int max) throws CommandSyntaxException {
        int start = r.cursor();
        String word = r.readWord();
        int value;
        try {
            value = Integer.parseInt(word);
        } catch (NumberFormatException e) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr(word.isEmpty() ? "parsing.int.expected" : "parsing.int.invalid", word), r);
        }
        if (value < min || value > max) {
            r.setCursor(start);
            throw CommandSyntaxException.at(value < min ? ctx.tr("argument.integer.low", min, value)
                    : ctx.tr("argument.integer.big", max, value), r);
        }
        return value;
    }

    public static double number(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        int start = r.cursor();
        String word = r.readWord();
        try {
            return Double.parseDouble(word);
        } catch (NumberFormatException e) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr(word.isEmpty() ? "parsing.double.expected" : "parsing.double.invalid", word), r);
        }
    }

    /** A resource location; default namespace minecraft. */
    public static String resourceId(CommandReader r) {
        return r.readWord().toLowerCase(Locale.ROOT);
    }
}

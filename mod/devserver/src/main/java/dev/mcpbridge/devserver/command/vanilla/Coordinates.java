package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;

/**
 * Vec3Argument: three world coordinates, absolute or {@code ~}-relative to the source position (the
 * world spawn for the console). Integer x and z get +0.5 (block centre), as vanilla's centerCorrect.
 */
final class Coordinates {
    private Coordinates() {}

    static boolean looksLikeCoordinate(CommandReader r) {
        if (!r.canRead()) {
            return false;
        }
        char c = r.peek();
        return c == '~' || c == '^' || c == '-' || c == '.' || Character.isDigit(c);
    }

    static double[] parse(CommandContext ctx, CommandReader r, double[] origin) throws CommandSyntaxException {
        int start = r.cursor();
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            if (i > 0 && !r.nextArgument()) {
                r.setCursor(start);
                throw CommandSyntaxException.at(ctx.tr("argument.pos3d.incomplete"), r);
            }
            out[i] = one(ctx, r, origin[i], i != 1);
        }
        return out;
    }

    private static double one(CommandContext ctx, CommandReader r, double origin, boolean centerCorrect)
            throws CommandSyntaxException {
        int start = r.cursor();
        String word = r.readWord();
        boolean relative = word.startsWith("~");
        String number = relative ? word.substring(1) : word;
        if (word.startsWith("^")) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr("argument.pos.mixed"), r);
        }
        if (number.isEmpty()) {
            if (relative) {
                return origin;
            }
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr("argument.pos.missing.double"), r);
        }
        double value;
        try {
            value = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr("parsing.double.invalid", number), r);
        }
        if (relative) {
            return origin + value;
        }
        return centerCorrect && number.indexOf('.') < 0 ? value + 0.5 : value;
    }
}

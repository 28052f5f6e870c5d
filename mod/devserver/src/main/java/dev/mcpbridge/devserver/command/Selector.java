package dev.mcpbridge.devserver.command;

import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A parsed entity argument: a player name or one of @a @p @r @s @e (without [options]). Resolved at
 * execution time, so parse errors of later arguments win, as in brigadier.
 */
public final class Selector {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]{1,16}");
    private final String text;

    private Selector(String text) {
        this.text = text;
    }

    public static Selector parse(CommandContext ctx, CommandReader r, boolean playersOnly) throws CommandSyntaxException {
        int start = r.cursor();
        String word = r.readWord();
        if (word.startsWith("@")) {
            if (word.length() != 2 || "aprse".indexOf(word.charAt(1)) < 0) {
                r.setCursor(start);
                throw CommandSyntaxException.at(ctx.tr("argument.entity.selector.unknown", word), r);
            }
            if (playersOnly && word.equals("@e")) {
                r.setCursor(start);
                throw CommandSyntaxException.at(ctx.tr("argument.player.entities"), r);
            }
        } else if (!NAME.matcher(word).matches()) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr("argument.entity.invalid"), r);
        }
        return new Selector(word);
    }

    public boolean single() {
        return !text.equals("@a") && !text.equals("@e");
    }

    /** The matching online players; "No player was found" when none. */
    public List<SimPlayer> players(CommandContext ctx) throws CommandSyntaxException {
        List<SimPlayer> out = new ArrayList<>();
        switch (text) {
            case "@a", "@e" -> out.addAll(ctx.world().players());
            case "@p", "@r" -> ctx.world().players().stream().findFirst().ifPresent(out::add);
            case "@s" -> { } // the console is not an entity
            default -> ctx.world().player(text).ifPresent(out::add);
        }
        if (out.isEmpty()) {
            throw ctx.fail("argument.entity.notfound.player");
        }
        return out;
    }

    /** One entity (players only here); "No entity was found" when none. */
    public SimPlayer entity(CommandContext ctx) throws CommandSyntaxException {
        try {
            List<SimPlayer> found = players(ctx);
            if (found.size() > 1) {
                throw ctx.fail("argument.entity.toomany");
            }
            return found.get(0);
        } catch (CommandSyntaxException e) {
            if (e.getMessage().equals(ctx.tr("argument.entity.notfound.player"))) {
                throw ctx.fail("argument.entity.notfound.entity");
            }
            throw e;
        }
    }
}

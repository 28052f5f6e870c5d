package dev.mcpbridge.devserver.command;

import dev.mcpbridge.devserver.world.SimPlayer;
import dev.mcpbridge.devserver.world.SummonedEntity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A parsed entity argument: a player name or one of @a @p @r @s @e, optionally with the options
 * {@code [distance=..R, tag=t, tag=!t, type=id, name=n, limit=N, sort=nearest|furthest|arbitrary]}
 * (see {@link SelectorOptions}). Distances are measured from the command source's position (the
 * world spawn for the console, else what {@code execute at|positioned} set). Resolved at execution
 * time, so parse errors of later arguments win, as in brigadier.
 */
public final class Selector {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]{1,16}");
    private final String base;
    private final SelectorOptions options;

    private Selector(String base, SelectorOptions options) {
        this.base = base;
        this.options = options;
    }

    public static Selector parse(CommandContext ctx, CommandReader r, boolean playersOnly) throws CommandSyntaxException {
        int start = r.cursor();
        String word = r.readWord();
        String base = word;
        SelectorOptions options = SelectorOptions.NONE;
        if (word.startsWith("@")) {
            int bracket = word.indexOf('[');
            base = bracket < 0 ? word : word.substring(0, bracket);
            if (base.length() != 2 || "aprse".indexOf(base.charAt(1)) < 0) {
                r.setCursor(start);
                throw CommandSyntaxException.at(ctx.tr("argument.entity.selector.unknown", base), r);
            }
            if (bracket >= 0) {
                options = SelectorOptions.parse(ctx, r, start + bracket, word.substring(bracket));
            }
            boolean entities = base.equals("@e") && !options.onlyPlayers();
            if (playersOnly && entities) {
                r.setCursor(start);
                throw CommandSyntaxException.at(ctx.tr("argument.player.entities"), r);
            }
        } else if (!NAME.matcher(word).matches()) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr("argument.entity.invalid"), r);
        }
        return new Selector(base, options);
    }

    public boolean single() {
        return !(base.equals("@a") || base.equals("@e")) || options.limit() == 1;
    }

    /** The matching targets, players first then summoned entities; empty when none. */
    public List<Target> targets(CommandContext ctx) {
        double[] origin = ctx.source().pos() != null ? ctx.source().pos() : ctx.world().spawn();
        String dimension = ctx.source().dimension();
        List<Target> out = new ArrayList<>();
        switch (base) {
            case "@a", "@p", "@r" -> ctx.world().players().forEach(p -> out.add(Target.of(p)));
            case "@e" -> {
                ctx.world().players().forEach(p -> out.add(Target.of(p)));
                ctx.world().summoned().forEach(e -> out.add(Target.of(e)));
            }
            case "@s" -> { } // the console is not an entity
            default -> ctx.world().player(base).ifPresent(p -> out.add(Target.of(p)));
        }
        List<Target> kept = new ArrayList<>(out.stream().filter(t -> options.matches(t, dimension, origin)).toList());
        String sort = options.sort() != null ? options.sort() : base.equals("@p") ? "nearest" : "arbitrary";
        Comparator<Target> byDistance = Comparator.comparingDouble(t -> t.distanceTo(origin));
        if (sort.equals("nearest")) {
            kept.sort(byDistance);
        } else if (sort.equals("furthest")) {
            kept.sort(byDistance.reversed());
        }
        int limit = options.limit() > 0 ? options.limit() : (base.equals("@p") || base.equals("@r") ? 1 : Integer.MAX_VALUE);
        return kept.size() > limit ? kept.subList(0, limit) : kept;
    }

    /** The matching online players; "No player was found" when none. */
    public List<SimPlayer> players(CommandContext ctx) throws CommandSyntaxException {
        List<SimPlayer> out = targets(ctx).stream().filter(t -> t.player() != null).map(Target::player).toList();
        if (out.isEmpty()) {
            throw ctx.fail("argument.entity.notfound.player");
        }
        return out;
    }

    /** One player; "No entity was found" when none. */
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

    /** A player or a summoned entity. */
    public record Target(SimPlayer player, SummonedEntity entity) {
        static Target of(SimPlayer p) {
            return new Target(p, null);
        }

        static Target of(SummonedEntity e) {
            return new Target(null, e);
        }

        public String type() {
            return player != null ? "minecraft:player" : entity.type();
        }

        public String dimension() {
            return player != null ? player.dimension() : entity.dimension();
        }

        public double[] pos() {
            return player != null ? new double[] {player.x(), player.y(), player.z()} : new double[] {entity.x(), entity.y(), entity.z()};
        }

        public double distanceTo(double[] origin) {
            double[] p = pos();
            return Math.sqrt(Math.pow(p[0] - origin[0], 2) + Math.pow(p[1] - origin[1], 2) + Math.pow(p[2] - origin[2], 2));
        }
    }
}

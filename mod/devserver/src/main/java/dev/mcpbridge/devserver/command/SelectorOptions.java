package dev.mcpbridge.devserver.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code [key=value,...]} part of an entity selector, with the options the devserver knows:
 * distance (a range such as {@code ..20}, {@code 2..5} or {@code 3}), tag and type (each may be
 * negated with {@code !}, several allowed), name, limit and sort. Others are refused with vanilla's
 * "Unknown option" error.
 */
public record SelectorOptions(double minDistance, double maxDistance, List<String> tags, List<String> types,
        String name, int limit, String sort) {

    public static final SelectorOptions NONE = new SelectorOptions(0, Double.MAX_VALUE, List.of(), List.of(), null, 0, null);

    /** {@code text} starts with '[' and sits at {@code offset} of the command (for error positions). */
    static SelectorOptions parse(CommandContext ctx, CommandReader r, int offset, String text) throws CommandSyntaxException {
        if (!text.endsWith("]")) {
            throw unknown(ctx, r, offset, text);
        }
        double min = 0;
        double max = Double.MAX_VALUE;
        List<String> tags = new ArrayList<>();
        List<String> types = new ArrayList<>();
        String name = null;
        int limit = 0;
        String sort = null;
        String body = text.substring(1, text.length() - 1);
        for (String part : body.isEmpty() ? new String[0] : body.split(",", -1)) {
            int eq = part.indexOf('=');
            String key = eq < 0 ? part.trim() : part.substring(0, eq).trim();
            String value = eq < 0 ? "" : part.substring(eq + 1).trim();
            try {
                switch (key) {
                    case "distance" -> {
                        int dots = value.indexOf("..");
                        if (dots < 0) {
                            min = max = Double.parseDouble(value);
                        } else {
                            min = dots == 0 ? 0 : Double.parseDouble(value.substring(0, dots));
                            max = dots + 2 == value.length() ? Double.MAX_VALUE : Double.parseDouble(value.substring(dots + 2));
                        }
                    }
                    case "tag" -> tags.add(value);
                    case "type" -> types.add(value.startsWith("!") ? "!" + withNamespace(value.substring(1)) : withNamespace(value));
                    case "name" -> name = value;
                    case "limit" -> limit = Integer.parseInt(value);
                    case "sort" -> sort = value.toLowerCase(Locale.ROOT);
                    default -> throw unknown(ctx, r, offset, key);
                }
            } catch (NumberFormatException e) {
                throw unknown(ctx, r, offset, key);
            }
        }
        return new SelectorOptions(min, max, List.copyOf(tags), List.copyOf(types), name, limit, sort);
    }

    private static String withNamespace(String id) {
        return id.contains(":") ? id : "minecraft:" + id;
    }

    private static CommandSyntaxException unknown(CommandContext ctx, CommandReader r, int offset, String key) {
        r.setCursor(offset);
        return CommandSyntaxException.at(ctx.tr("argument.entity.options.unknown", key), r);
    }

    boolean onlyPlayers() {
        return types.contains("minecraft:player");
    }

    boolean matches(Selector.Target t, String dimension, double[] origin) {
        if (minDistance > 0 || maxDistance < Double.MAX_VALUE) {
            if (!t.dimension().equals(dimension)) {
                return false;
            }
            double d = t.distanceTo(origin);
            if (d < minDistance || d > maxDistance) {
                return false;
            }
        }
        List<String> entityTags = t.entity() != null ? List.copyOf(t.entity().tags()) : List.of();
        for (String tag : tags) {
            boolean negated = tag.startsWith("!");
            String wanted = negated ? tag.substring(1) : tag;
            boolean has = wanted.isEmpty() ? entityTags.isEmpty() : entityTags.contains(wanted);
            if (has == negated) {
                return false;
            }
        }
        for (String type : types) {
            boolean negated = type.startsWith("!");
            if (t.type().equals(negated ? type.substring(1) : type) == negated) {
                return false;
            }
        }
        if (name != null) {
            String actual = t.player() != null ? t.player().name() : t.entity().customName();
            return name.equals(actual);
        }
        return true;
    }
}

package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.command.Selector;
import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code data get entity <target> [path] [scale]}: "Steve has the following entity data: {...}".
 * Paths: {@code Key}, {@code Key.Sub}, {@code Key[index]} (negative indexes count from the end).
 */
public final class DataCommand implements Command {
    private static final Pattern NODE = Pattern.compile("([A-Za-z0-9_+-]+)((?:\\[-?\\d+])*)");
    private static final Pattern INDEX = Pattern.compile("\\[(-?\\d+)]");

    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        Args.literal(ctx, r, "get");
        Args.next(ctx, r);
        Args.literal(ctx, r, "entity");
        Args.next(ctx, r);
        Selector target = Selector.parse(ctx, r, false);
        String path = null;
        Double scale = null;
        if (Args.hasNext(r)) {
            int start = r.cursor();
            path = r.readWord();
            if (!path.matches("[A-Za-z0-9_+-]+(\\[-?\\d+])*(\\.[A-Za-z0-9_+-]+(\\[-?\\d+])*)*")) {
                r.setCursor(start);
                throw CommandSyntaxException.at(ctx.tr("arguments.nbtpath.node.invalid"), r);
            }
            if (Args.hasNext(r)) {
                scale = Args.number(ctx, r);
            }
        }
        Args.end(ctx, r);
        SimPlayer p = target.entity(ctx);
        Object tag = PlayerNbt.of(p, ctx.lang().version());
        if (path != null) {
            tag = select(ctx, tag, path);
        }
        if (scale != null) {
            if (!(tag instanceof Number n)) {
                throw ctx.fail("commands.data.get.invalid", path);
            }
            int value = (int) Math.floor(n.doubleValue() * scale);
            ctx.send(ctx.tr("commands.data.entity.get", path, p.name(), String.format(Locale.ROOT, "%.2f", scale), value));
            return value;
        }
        ctx.send(ctx.tr("commands.data.entity.query", p.name(), Snbt.print(tag, ctx.lang().version())));
        return result(tag);
    }

    private static Object select(CommandContext ctx, Object root, String path) throws CommandSyntaxException {
        Object at = root;
        for (String part : path.split("\\.")) {
            Matcher m = NODE.matcher(part);
            if (!m.matches() || !(at instanceof Map<?, ?> map) || !map.containsKey(m.group(1))) {
                throw ctx.fail("arguments.nbtpath.nothing_found", path);
            }
            at = map.get(m.group(1));
            Matcher idx = INDEX.matcher(m.group(2));
            while (idx.find()) {
                if (!(at instanceof List<?> list)) {
                    throw ctx.fail("arguments.nbtpath.nothing_found", path);
                }
                int i = Integer.parseInt(idx.group(1));
                i = i < 0 ? list.size() + i : i;
                if (i < 0 || i >= list.size()) {
                    throw ctx.fail("arguments.nbtpath.nothing_found", path);
                }
                at = list.get(i);
            }
        }
        return at;
    }

    /** DataCommands#getData's result: numeric value, collection size or string length. */
    private static int result(Object tag) {
        if (tag instanceof Number n) {
            return (int) Math.floor(n.doubleValue());
        }
        if (tag instanceof List<?> l) {
            return l.size();
        }
        if (tag instanceof Map<?, ?> m) {
            return m.size();
        }
        if (tag instanceof int[] a) {
            return a.length;
        }
        return tag.toString().length();
    }
}

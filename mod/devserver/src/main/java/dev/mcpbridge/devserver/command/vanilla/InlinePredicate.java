package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.core.spi.GameAccess.Weather;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import java.util.HashMap;
import java.util.Map;

/**
 * An inline predicate of {@code execute if predicate}, as 1.20.5+ accepts. The devserver evaluates
 * {@code {condition:"minecraft:weather_check", raining:<bool>, thundering:<bool>}} (what the bridge
 * uses to read the weather in vanilla mode); a named predicate is looked up in an empty registry.
 */
final class InlinePredicate {
    private InlinePredicate() {}

    static boolean test(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        int start = r.cursor();
        if (!r.canRead() || r.peek() != '{') {
            String id = r.readWord();
            throw ctx.fail("argument.resource.not_found", id.contains(":") ? id : "minecraft:" + id, "minecraft:predicate");
        }
        Map<String, String> fields = compound(ctx, r, start);
        String condition = fields.getOrDefault("condition", "");
        if (!condition.equals("minecraft:weather_check") && !condition.equals("weather_check")) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr("argument.resource_or_id.failed_to_parse",
                    "the devserver evaluates only minecraft:weather_check predicates, got '" + condition + "'"), r);
        }
        Weather w = ctx.world().weather();
        boolean raining = w != Weather.CLEAR;
        boolean thundering = w == Weather.THUNDER;
        return matches(fields.get("raining"), raining) && matches(fields.get("thundering"), thundering);
    }

    private static boolean matches(String expected, boolean actual) {
        if (expected == null) {
            return true;
        }
        boolean wanted = expected.equals("true") || expected.equals("1b") || expected.equals("1");
        return wanted == actual;
    }

    /** A flat SNBT compound: keys to raw values (quotes removed). */
    private static Map<String, String> compound(CommandContext ctx, CommandReader r, int start) throws CommandSyntaxException {
        Map<String, String> out = new HashMap<>();
        r.skip(); // {
        while (true) {
            skipSpaces(r);
            if (r.canRead() && r.peek() == '}') {
                r.skip();
                return out;
            }
            String key = token(r);
            skipSpaces(r);
            if (key.isEmpty() || !r.canRead() || r.peek() != ':') {
                throw CommandSyntaxException.at(ctx.tr("argument.nbt.expected.key"), r);
            }
            r.skip();
            skipSpaces(r);
            String value = token(r);
            if (value.isEmpty()) {
                throw CommandSyntaxException.at(ctx.tr("argument.nbt.expected.value"), r);
            }
            out.put(key, value);
            skipSpaces(r);
            if (r.canRead() && r.peek() == ',') {
                r.skip();
            } else if (!r.canRead() || r.peek() != '}') {
                throw CommandSyntaxException.at(ctx.tr("argument.nbt.expected.key"), r);
            }
        }
    }

    private static String token(CommandReader r) {
        StringBuilder sb = new StringBuilder();
        if (r.canRead() && (r.peek() == '"' || r.peek() == '\'')) {
            char q = r.peek();
            r.skip();
            while (r.canRead() && r.peek() != q) {
                if (r.peek() == '\\') {
                    r.skip();
                }
                if (r.canRead()) {
                    sb.append(r.peek());
                    r.skip();
                }
            }
            if (r.canRead()) {
                r.skip();
            }
            return sb.toString();
        }
        while (r.canRead() && "{}[],: \"'".indexOf(r.peek()) < 0) {
            sb.append(r.peek());
            r.skip();
        }
        return sb.toString();
    }

    private static void skipSpaces(CommandReader r) {
        while (r.canRead() && r.peek() == ' ') {
            r.skip();
        }
    }
}

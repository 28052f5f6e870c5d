package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.variant.GameVersion;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Prints NBT values as 1.21's /data get does (TextComponentTagVisitor without indentation):
 * {@code {Health: 20.0f, Pos: [0.5d, 65.0d, 0.5d], UUID: [I; 1, 2, 3, 4], id: "minecraft:stone"}}.
 * Java types stand for tags: Byte b, Short s, Integer, Long L, Float f, Double d, String, int[],
 * List, Map (insertion-ordered).
 */
final class Snbt {
    private static final Pattern SIMPLE_KEY = Pattern.compile("[A-Za-z0-9._+-]+");

    private Snbt() {}

    /** From 1.21.5 on, typed arrays print without spaces: {@code [I;1,2,3,4]}. */
    static String print(Object tag, GameVersion version) {
        StringBuilder out = new StringBuilder();
        write(tag, out, version.hasEquipmentField() ? "," : ", ", version.hasEquipmentField() ? "[I;" : "[I; ");
        return out.toString();
    }

    private static void write(Object tag, StringBuilder out, String arraySep, String arrayOpen) {
        if (tag instanceof Byte b) {
            out.append(b).append('b');
        } else if (tag instanceof Short s) {
            out.append(s).append('s');
        } else if (tag instanceof Integer i) {
            out.append(i);
        } else if (tag instanceof Long l) {
            out.append(l).append('L');
        } else if (tag instanceof Float f) {
            out.append(f).append('f');
        } else if (tag instanceof Double d) {
            out.append(d).append('d');
        } else if (tag instanceof String s) {
            out.append(quote(s));
        } else if (tag instanceof int[] ints) {
            out.append(arrayOpen);
            for (int i = 0; i < ints.length; i++) {
                out.append(i > 0 ? arraySep : "").append(ints[i]);
            }
            out.append(']');
        } else if (tag instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i > 0 ? ", " : "");
                write(list.get(i), out, arraySep, arrayOpen);
            }
            out.append(']');
        } else if (tag instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(first ? "" : ", ");
                first = false;
                String key = (String) e.getKey();
                out.append(SIMPLE_KEY.matcher(key).matches() ? key : quote(key)).append(": ");
                write(e.getValue(), out, arraySep, arrayOpen);
            }
            out.append('}');
        } else {
            throw new IllegalArgumentException("not an NBT value: " + tag);
        }
    }

    /** StringTag#quoteAndEscape: double quotes unless the text holds one and no single quote. */
    static String quote(String s) {
        char q = s.indexOf('"') >= 0 && s.indexOf('\'') < 0 ? '\'' : '"';
        StringBuilder sb = new StringBuilder().append(q);
        for (char c : s.toCharArray()) {
            if (c == '\\' || c == q) {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.append(q).toString();
    }
}

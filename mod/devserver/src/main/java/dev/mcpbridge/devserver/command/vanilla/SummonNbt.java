package dev.mcpbridge.devserver.command.vanilla;

import com.google.gson.JsonParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The two fields of a summon's SNBT the devserver keeps: CustomName and Tags. */
record SummonNbt(String customName, List<String> tags) {
    private static final Pattern NAME = Pattern.compile("CustomName:(?:'((?:[^'\\\\]|\\\\.)*)'|\"((?:[^\"\\\\]|\\\\.)*)\")");
    private static final Pattern TAGS = Pattern.compile("Tags:\\[([^\\]]*)\\]");
    private static final Pattern TAG = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"|'((?:[^'\\\\]|\\\\.)*)'|([A-Za-z0-9_.+-]+)");

    static SummonNbt parse(String nbt) {
        String name = null;
        Matcher m = NAME.matcher(nbt);
        if (m.find()) {
            String raw = unescape(m.group(1) != null ? m.group(1) : m.group(2));
            try {
                name = TextComponents.plain(raw);
            } catch (JsonParseException | IllegalStateException | UnsupportedOperationException notJson) {
                name = raw; // 1.21.5+: a plain string is a text component
            }
        }
        List<String> tags = new ArrayList<>();
        Matcher t = TAGS.matcher(nbt);
        if (t.find()) {
            Matcher each = TAG.matcher(t.group(1));
            while (each.find()) {
                String tag = each.group(1) != null ? each.group(1) : each.group(2) != null ? each.group(2) : each.group(3);
                tags.add(unescape(tag));
            }
        }
        return new SummonNbt(name, tags);
    }

    private static String unescape(String s) {
        return s.replaceAll("\\\\(.)", "$1");
    }
}

package dev.mcpbridge.devserver.command;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.devserver.variant.GameVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Vanilla's English strings of one Minecraft version (devserver/lang/&lt;version&gt;.json, the subset of
 * that version's en_us the devserver uses, extracted by scripts/extract-game-text.mjs) with %s / %n$s filling.
 */
public final class Lang {
    private static final Pattern ARG = Pattern.compile("%(?:(\\d+)\\$)?s");
    private final GameVersion version;
    private final Map<String, String> strings;
    private final Map<String, Template> templates = new ConcurrentHashMap<>();

    private Lang(GameVersion version, Map<String, String> strings) {
        this.version = version;
        this.strings = strings;
    }

    public GameVersion version() {
        return version;
    }

    /** The strings of the default version. */
    public static Lang load() {
        return load(GameVersion.DEFAULT);
    }

    public static Lang load(GameVersion version) {
        String resource = version.langResource();
        try (InputStream in = Lang.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing from the jar");
            }
            JsonObject json = JsonParser.parseReader(new InputStreamReader(in, StandardCharsets.UTF_8)).getAsJsonObject();
            Map<String, String> map = new HashMap<>();
            json.entrySet().forEach(e -> map.put(e.getKey(), e.getValue().getAsString()));
            return new Lang(version, map);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The translated text; an unknown key is a programming error and fails loudly. */
    public String tr(String key, Object... args) {
        Template template = templates.computeIfAbsent(key, this::compile);
        StringBuilder out = new StringBuilder(template.length() + 32);
        int next = 0;
        for (int i = 0; i < template.literals().length; i++) {
            out.append(template.literals()[i]);
            if (i < template.slots().length) {
                int slot = template.slots()[i];
                int index = slot != NEXT ? slot : next++;
                out.append(index < args.length ? String.valueOf(args[index]) : "");
            }
        }
        return out.toString();
    }

    /** The text between placeholders, and per placeholder its argument index (NEXT for a plain %s). */
    private record Template(String[] literals, int[] slots, int length) {}

    private static final int NEXT = Integer.MIN_VALUE;

    private Template compile(String key) {
        String pattern = strings.get(key);
        if (pattern == null) {
            throw new IllegalArgumentException("no English string for key " + key + " in " + version.langResource());
        }
        Matcher m = ARG.matcher(pattern);
        List<String> literals = new ArrayList<>();
        List<Integer> slots = new ArrayList<>();
        int last = 0;
        while (m.find()) {
            literals.add(pattern.substring(last, m.start()));
            slots.add(m.group(1) != null ? Integer.parseInt(m.group(1)) - 1 : NEXT);
            last = m.end();
        }
        literals.add(pattern.substring(last));
        return new Template(literals.toArray(String[]::new), slots.stream().mapToInt(Integer::intValue).toArray(),
                pattern.length());
    }
}

package dev.mcpbridge.devserver.world;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The 1.21.1 item registry (id, max stack size, English name) loaded from devserver/items.tsv. */
public final class Items {
    public record Item(String id, int maxStackSize, String displayName) {}

    private final Map<String, Item> byId;

    private Items(Map<String, Item> byId) {
        this.byId = byId;
    }

    public static Items load() {
        Map<String, Item> map = new HashMap<>();
        try (InputStream in = Items.class.getResourceAsStream("/devserver/items.tsv")) {
            if (in == null) {
                throw new IllegalStateException("resource devserver/items.tsv is missing from the jar");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cols = line.split("\t");
                String id = "minecraft:" + cols[0];
                map.put(id, new Item(id, Integer.parseInt(cols[1]), cols[2]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Items(Map.copyOf(map));
    }

    /** Looks up {@code id} with or without the {@code minecraft:} namespace. */
    public Optional<Item> find(String id) {
        return Optional.ofNullable(byId.get(Ids.namespaced(id)));
    }

    public int size() {
        return byId.size();
    }
}

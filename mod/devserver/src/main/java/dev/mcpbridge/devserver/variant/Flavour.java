package dev.mcpbridge.devserver.variant;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which server software the devserver imitates. {@code vanilla}: Mojang's server. {@code paper}:
 * Paper, which reports "Paper &lt;version&gt;" in the status ping and keeps every vanilla command
 * also under the {@code minecraft:} namespace. {@code paper-essentials}: Paper with the EssentialsX plugin,
 * whose own {@code list} and {@code give} replace vanilla's (vanilla's stay under {@code minecraft:}).
 */
public enum Flavour {
    VANILLA("vanilla"),
    PAPER("paper"),
    PAPER_ESSENTIALS("paper-essentials");

    private final String id;

    Flavour(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public boolean paper() {
        return this != VANILLA;
    }

    public boolean essentials() {
        return this == PAPER_ESSENTIALS;
    }

    /** The version name of the status ping: vanilla says "1.21.1", Paper "Paper 1.21.1". */
    public String statusVersionName(GameVersion version) {
        return paper() ? "Paper " + version.id() : version.id();
    }

    public static Flavour parse(String id) {
        return Arrays.stream(values()).filter(f -> f.id.equals(id.toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--flavour: '" + id + "' is not one of " + names()));
    }

    public static String names() {
        return Arrays.stream(values()).map(Flavour::id).collect(Collectors.joining(", "));
    }
}

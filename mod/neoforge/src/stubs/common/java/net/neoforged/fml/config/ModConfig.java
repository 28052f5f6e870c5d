// Stub (signatures only, no logic) of FancyModLoader 4.0.x (neoforged/FancyModLoader branches 1.21.1 and 1.21.3); see mod/neoforge/API-NOTES.md.
package net.neoforged.fml.config;

public final class ModConfig {
    private ModConfig() { throw new UnsupportedOperationException(); }

    public IConfigSpec getSpec() { throw new UnsupportedOperationException(); }

    public enum Type {
        COMMON,
        CLIENT,
        SERVER,
        STARTUP
    }
}

// Stub (signatures only, no logic) of FancyModLoader 4.0.x (neoforged/FancyModLoader branches 1.21.1 and 1.21.3); see mod/neoforge/API-NOTES.md.
package net.neoforged.fml;

import net.neoforged.fml.config.IConfigSpec;
import net.neoforged.fml.config.ModConfig;

public abstract class ModContainer {
    protected ModContainer() { throw new UnsupportedOperationException(); }

    public void registerConfig(ModConfig.Type type, IConfigSpec configSpec) { throw new UnsupportedOperationException(); }

    public void registerConfig(ModConfig.Type type, IConfigSpec configSpec, String fileName) { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.network.chat;

public class MutableComponent implements Component {
    private MutableComponent() { throw new UnsupportedOperationException(); }
}

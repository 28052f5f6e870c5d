// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.network.chat;

import com.mojang.brigadier.Message;

public interface Component extends Message, FormattedText {
    @Override
    default String getString() { throw new UnsupportedOperationException(); }

    static MutableComponent literal(String text) { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.commands;

import net.minecraft.network.chat.Component;

public interface CommandSource {
    void sendSystemMessage(Component component);

    boolean acceptsSuccess();

    boolean acceptsFailure();

    boolean shouldInformAdmins();

    default boolean alwaysAccepts() { throw new UnsupportedOperationException(); }
}

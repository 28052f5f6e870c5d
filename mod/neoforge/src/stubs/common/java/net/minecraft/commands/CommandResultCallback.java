// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.commands;

@FunctionalInterface
public interface CommandResultCallback {
    void onResult(boolean success, int result);
}

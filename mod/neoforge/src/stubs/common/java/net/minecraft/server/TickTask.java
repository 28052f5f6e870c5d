// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.server;

public class TickTask implements Runnable {
    private TickTask() { throw new UnsupportedOperationException(); }

    @Override
    public void run() { throw new UnsupportedOperationException(); }
}

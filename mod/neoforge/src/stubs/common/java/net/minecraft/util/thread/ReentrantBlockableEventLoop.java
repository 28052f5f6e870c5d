// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.util.thread;

public abstract class ReentrantBlockableEventLoop<R extends Runnable> extends BlockableEventLoop<R> {
    protected ReentrantBlockableEventLoop() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.util.thread;

import java.util.concurrent.Executor;

public abstract class BlockableEventLoop<R extends Runnable> implements Executor {
    protected BlockableEventLoop() { throw new UnsupportedOperationException(); }

    public boolean isSameThread() { throw new UnsupportedOperationException(); }

    @Override
    public void execute(Runnable runnable) { throw new UnsupportedOperationException(); }
}

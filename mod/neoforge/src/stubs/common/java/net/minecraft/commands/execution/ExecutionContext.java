// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.commands.execution;

public class ExecutionContext<T> implements AutoCloseable {
    private ExecutionContext() { throw new UnsupportedOperationException(); }

    @Override
    public void close() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of brigadier (Mojang/brigadier); see mod/neoforge/API-NOTES.md.
package com.mojang.brigadier.context;

public class CommandContext<S> {
    private CommandContext() { throw new UnsupportedOperationException(); }

    public S getSource() { throw new UnsupportedOperationException(); }
}

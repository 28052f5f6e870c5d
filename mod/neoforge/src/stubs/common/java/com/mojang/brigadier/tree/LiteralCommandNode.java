// Stub (signatures only, no logic) of brigadier (Mojang/brigadier); see mod/neoforge/API-NOTES.md.
package com.mojang.brigadier.tree;

public class LiteralCommandNode<S> extends CommandNode<S> {
    private LiteralCommandNode() { throw new UnsupportedOperationException(); }

    @Override
    public int compareTo(CommandNode<S> o) { throw new UnsupportedOperationException(); }
}

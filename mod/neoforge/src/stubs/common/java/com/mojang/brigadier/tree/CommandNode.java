// Stub (signatures only, no logic) of brigadier (Mojang/brigadier); see mod/neoforge/API-NOTES.md.
package com.mojang.brigadier.tree;

public abstract class CommandNode<S> implements Comparable<CommandNode<S>> {
    protected CommandNode() { throw new UnsupportedOperationException(); }
}

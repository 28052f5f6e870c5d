// Stub (signatures only, no logic) of brigadier (Mojang/brigadier); see mod/neoforge/API-NOTES.md.
package com.mojang.brigadier;

import com.mojang.brigadier.builder.LiteralArgumentBuilder;
import com.mojang.brigadier.tree.LiteralCommandNode;

public class CommandDispatcher<S> {
    public LiteralCommandNode<S> register(LiteralArgumentBuilder<S> command) { throw new UnsupportedOperationException(); }
}

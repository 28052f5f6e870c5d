// Stub (signatures only, no logic) of brigadier (Mojang/brigadier); see mod/neoforge/API-NOTES.md.
package com.mojang.brigadier.builder;

public class RequiredArgumentBuilder<S, T> extends ArgumentBuilder<S, RequiredArgumentBuilder<S, T>> {
    private RequiredArgumentBuilder() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of brigadier (Mojang/brigadier); see mod/neoforge/API-NOTES.md.
package com.mojang.brigadier.arguments;

import com.mojang.brigadier.context.CommandContext;

public class StringArgumentType implements ArgumentType<String> {
    private StringArgumentType() { throw new UnsupportedOperationException(); }

    public static StringArgumentType greedyString() { throw new UnsupportedOperationException(); }

    public static String getString(CommandContext<?> context, String name) { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of brigadier (Mojang/brigadier); see mod/neoforge/API-NOTES.md.
package com.mojang.brigadier.exceptions;

public class CommandSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    private CommandSyntaxException() { throw new UnsupportedOperationException(); }
}

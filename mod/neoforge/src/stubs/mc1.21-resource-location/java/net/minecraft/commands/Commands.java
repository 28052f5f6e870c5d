// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.commands;

import com.mojang.brigadier.arguments.ArgumentType;
import com.mojang.brigadier.builder.LiteralArgumentBuilder;
import com.mojang.brigadier.builder.RequiredArgumentBuilder;
import net.minecraft.commands.execution.ExecutionContext;

public class Commands {
    /** Private in Minecraft; public through the adapter's access transformer (META-INF/accesstransformer.cfg). */
    public static final ThreadLocal<ExecutionContext<CommandSourceStack>> CURRENT_EXECUTION_CONTEXT = null;
    public static final int LEVEL_OWNERS = 4;

    private Commands() { throw new UnsupportedOperationException(); }

    public void performPrefixedCommand(CommandSourceStack source, String command) { throw new UnsupportedOperationException(); }

    public static LiteralArgumentBuilder<CommandSourceStack> literal(String name) { throw new UnsupportedOperationException(); }

    public static <T> RequiredArgumentBuilder<CommandSourceStack, T> argument(String name, ArgumentType<T> type) { throw new UnsupportedOperationException(); }
}

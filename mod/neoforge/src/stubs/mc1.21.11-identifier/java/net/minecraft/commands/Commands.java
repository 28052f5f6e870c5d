// Stub (signatures only, no logic) of Minecraft 1.21.11 and 26.1 (checked in 1.21.11 and 26.1.2); see mod/neoforge/API-NOTES.md.
package net.minecraft.commands;

import com.mojang.brigadier.arguments.ArgumentType;
import com.mojang.brigadier.builder.LiteralArgumentBuilder;
import com.mojang.brigadier.builder.RequiredArgumentBuilder;
import net.minecraft.commands.execution.ExecutionContext;
import net.minecraft.server.permissions.PermissionCheck;
import net.minecraft.server.permissions.PermissionProviderCheck;
import net.minecraft.server.permissions.PermissionSetSupplier;

public class Commands {
    /** Private in Minecraft; public through the adapter's access transformer (META-INF/accesstransformer.cfg). */
    public static final ThreadLocal<ExecutionContext<CommandSourceStack>> CURRENT_EXECUTION_CONTEXT = null;
    public static final PermissionCheck LEVEL_OWNERS = null;

    private Commands() { throw new UnsupportedOperationException(); }

    public void performPrefixedCommand(CommandSourceStack sender, String command) { throw new UnsupportedOperationException(); }

    public static LiteralArgumentBuilder<CommandSourceStack> literal(String literal) { throw new UnsupportedOperationException(); }

    public static <T> RequiredArgumentBuilder<CommandSourceStack, T> argument(String name, ArgumentType<T> type) { throw new UnsupportedOperationException(); }

    public static <T extends PermissionSetSupplier> PermissionProviderCheck<T> hasPermission(PermissionCheck permission) { throw new UnsupportedOperationException(); }
}

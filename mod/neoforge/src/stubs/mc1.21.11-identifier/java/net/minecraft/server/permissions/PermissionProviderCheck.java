// Stub (signatures only, no logic) of Minecraft 1.21.11 and 26.1 (checked in 1.21.11 and 26.1.2); see mod/neoforge/API-NOTES.md.
package net.minecraft.server.permissions;

import java.util.function.Predicate;

public record PermissionProviderCheck<T extends PermissionSetSupplier>(PermissionCheck test) implements Predicate<T> {
    @Override
    public boolean test(T t) { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.11 and 26.1 (checked in 1.21.11 and 26.1.2); see mod/neoforge/API-NOTES.md.
package net.minecraft.resources;

public final class Identifier implements Comparable<Identifier> {
    private Identifier() { throw new UnsupportedOperationException(); }

    public static Identifier tryParse(String identifier) { throw new UnsupportedOperationException(); }

    @Override
    public int compareTo(Identifier other) { throw new UnsupportedOperationException(); }
}

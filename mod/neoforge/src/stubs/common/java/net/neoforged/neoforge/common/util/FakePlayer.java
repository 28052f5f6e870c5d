// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.common.util;

import net.minecraft.server.level.ServerPlayer;

public class FakePlayer extends ServerPlayer {
    private FakePlayer() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of authlib as Minecraft 1.21.1 and 1.21.3 use it; see mod/neoforge/API-NOTES.md.
package com.mojang.authlib;

public class GameProfile {
    private GameProfile() { throw new UnsupportedOperationException(); }

    public String getName() { throw new UnsupportedOperationException(); }
}

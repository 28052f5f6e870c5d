// Stub (signatures only, no logic) of authlib (as used by Minecraft 1.21.1/1.21.3); see mod/neoforge/API-NOTES.md.
package com.mojang.authlib;

public class GameProfile {
    private GameProfile() { throw new UnsupportedOperationException(); }

    public String getName() { throw new UnsupportedOperationException(); }
}

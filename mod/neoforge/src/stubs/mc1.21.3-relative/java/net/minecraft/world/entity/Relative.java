// Stub (signatures only, no logic) of Minecraft 1.21.3, 1.21.11 and 26.1 (Mojang names; checked in 1.21.3, 1.21.11 and 26.1.2); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.entity;

public enum Relative {
    X,
    Y,
    Z,
    Y_ROT,
    X_ROT,
    DELTA_X,
    DELTA_Y,
    DELTA_Z,
    ROTATE_DELTA
}

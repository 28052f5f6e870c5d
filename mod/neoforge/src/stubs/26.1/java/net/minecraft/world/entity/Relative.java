// Stub (signatures only, no logic) of Minecraft 26.1 (checked in 26.1.2); see mod/neoforge/API-NOTES.md.
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

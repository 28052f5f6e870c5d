// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.damagesource;

import net.minecraft.world.entity.Entity;

public class DamageSource {
    private DamageSource() { throw new UnsupportedOperationException(); }

    public Entity getEntity() { throw new UnsupportedOperationException(); }

    public String getMsgId() { throw new UnsupportedOperationException(); }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.entity;

import java.util.UUID;
import net.minecraft.network.chat.Component;
import net.minecraft.world.level.Level;

public abstract class Entity {
    protected Entity() { throw new UnsupportedOperationException(); }

    public EntityType<?> getType() { throw new UnsupportedOperationException(); }

    public double distanceToSqr(double x, double y, double z) { throw new UnsupportedOperationException(); }

    public double distanceToSqr(Entity other) { throw new UnsupportedOperationException(); }

    public Component getName() { throw new UnsupportedOperationException(); }

    public UUID getUUID() { throw new UnsupportedOperationException(); }

    public boolean hasCustomName() { throw new UnsupportedOperationException(); }

    public final double getX() { throw new UnsupportedOperationException(); }

    public final double getY() { throw new UnsupportedOperationException(); }

    public final double getZ() { throw new UnsupportedOperationException(); }

    public float getYRot() { throw new UnsupportedOperationException(); }

    public float getXRot() { throw new UnsupportedOperationException(); }

    public Level level() { throw new UnsupportedOperationException(); }
}

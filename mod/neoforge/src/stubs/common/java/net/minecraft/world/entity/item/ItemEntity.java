// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.entity.item;

import java.util.UUID;
import net.minecraft.world.entity.Entity;

public class ItemEntity extends Entity {
    private ItemEntity() { throw new UnsupportedOperationException(); }

    public void setTarget(UUID target) { throw new UnsupportedOperationException(); }

    public void setNoPickUpDelay() { throw new UnsupportedOperationException(); }
}

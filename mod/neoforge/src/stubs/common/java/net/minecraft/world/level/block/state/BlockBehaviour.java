// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.level.block.state;

import net.minecraft.world.level.block.Block;

public abstract class BlockBehaviour {
    protected BlockBehaviour() { throw new UnsupportedOperationException(); }

    public abstract static class BlockStateBase {
        protected BlockStateBase() { throw new UnsupportedOperationException(); }

        public Block getBlock() { throw new UnsupportedOperationException(); }
    }
}

// Stub (signatures only, no logic) of Minecraft 1.21.1 and 1.21.3 (Mojang names); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.level.block;

import net.minecraft.world.level.block.state.BlockBehaviour;

public class Block extends BlockBehaviour {
    private Block() { throw new UnsupportedOperationException(); }
}

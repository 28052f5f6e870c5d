// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.event.level;

import net.minecraft.core.BlockPos;
import net.minecraft.world.entity.player.Player;
import net.minecraft.world.level.LevelAccessor;
import net.minecraft.world.level.block.state.BlockState;
import net.neoforged.bus.api.Event;

public abstract class BlockEvent extends Event {
    protected BlockEvent() { throw new UnsupportedOperationException(); }

    public LevelAccessor getLevel() { throw new UnsupportedOperationException(); }

    public BlockPos getPos() { throw new UnsupportedOperationException(); }

    public BlockState getState() { throw new UnsupportedOperationException(); }

    public static class BreakEvent extends BlockEvent {
        private BreakEvent() { throw new UnsupportedOperationException(); }

        public Player getPlayer() { throw new UnsupportedOperationException(); }
    }
}

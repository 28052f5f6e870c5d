// Stub (signatures only, no logic) of Minecraft 1.21.1, 1.21.3 and 1.21.11 (Mojang names; 26.1 replaced the day time with world clocks); see mod/neoforge/API-NOTES.md.
package net.minecraft.world.level;

import java.util.List;
import java.util.function.Predicate;
import net.minecraft.core.BlockPos;
import net.minecraft.resources.ResourceKey;
import net.minecraft.world.entity.Entity;
import net.minecraft.world.level.block.state.BlockState;
import net.minecraft.world.level.entity.EntityTypeTest;
import net.minecraft.world.phys.AABB;

public abstract class Level implements LevelAccessor, AutoCloseable {
    protected Level() { throw new UnsupportedOperationException(); }

    public BlockState getBlockState(BlockPos pos) { throw new UnsupportedOperationException(); }

    public boolean isLoaded(BlockPos pos) { throw new UnsupportedOperationException(); }

    public List<Entity> getEntities(Entity except, AABB box, Predicate<? super Entity> filter) { throw new UnsupportedOperationException(); }

    public <T extends Entity> List<T> getEntities(EntityTypeTest<Entity, T> type, AABB box, Predicate<? super T> filter) { throw new UnsupportedOperationException(); }

    public long getDayTime() { throw new UnsupportedOperationException(); }

    public boolean isThundering() { throw new UnsupportedOperationException(); }

    public boolean isRaining() { throw new UnsupportedOperationException(); }

    public ResourceKey<Level> dimension() { throw new UnsupportedOperationException(); }

    @Override
    public void close() { throw new UnsupportedOperationException(); }
}

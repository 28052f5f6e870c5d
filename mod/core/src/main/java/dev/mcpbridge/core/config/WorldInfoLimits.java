package dev.mcpbridge.core.config;

/**
 * Caps of get_world_info: the largest radius accepted (the protocol's own cap is 32), how many
 * non-air blocks and entities are listed before the answer says {@code truncated}.
 */
public record WorldInfoLimits(int maxRadius, int maxBlocksListed, int maxEntities) {
    public static final int PROTOCOL_MAX_RADIUS = 32;

    public WorldInfoLimits {
        if (maxRadius < 0 || maxRadius > PROTOCOL_MAX_RADIUS) {
            throw new IllegalArgumentException("worldInfo.maxRadius must be 0.." + PROTOCOL_MAX_RADIUS + ", got " + maxRadius);
        }
        if (maxBlocksListed < 0) throw new IllegalArgumentException("worldInfo.maxBlocksListed must be >= 0");
        if (maxEntities < 0) throw new IllegalArgumentException("worldInfo.maxEntities must be >= 0");
    }

    public static WorldInfoLimits defaults() {
        return new WorldInfoLimits(16, 256, 64);
    }
}

package dev.mcpbridge.devserver.world;

/**
 * Deterministic generated terrain, readable by block position without storing anything. Overworld:
 * bedrock at y=-64, stone with coal/iron/diamond ores, three layers of dirt, grass (sand under the
 * sea), water up to sea level 62. Nether: bedrock floor and roof, netherrack, lava lakes below 32.
 * End: an end stone island around the origin. Broken blocks are overlaid by {@link World}.
 */
public final class Terrain {
    public static final int SEA_LEVEL = 62;
    private final long seed;

    public Terrain(long seed) {
        this.seed = seed;
    }

    public String blockAt(String dimension, int x, int y, int z) {
        return switch (dimension) {
            case Ids.NETHER -> nether(x, y, z);
            case Ids.END -> end(x, y, z);
            default -> overworld(x, y, z);
        };
    }

    /** Height of the top solid block of the overworld column. */
    public int surfaceHeight(int x, int z) {
        double h = 64 + 6 * Math.sin(x / 23.0) + 5 * Math.cos(z / 31.0) + 2 * Math.sin((x + z) / 11.0);
        return (int) Math.floor(h);
    }

    private String overworld(int x, int y, int z) {
        if (y < -64 || y >= 320) {
            return "minecraft:air";
        }
        if (y == -64) {
            return "minecraft:bedrock";
        }
        int top = surfaceHeight(x, z);
        if (y > top) {
            return y <= SEA_LEVEL ? "minecraft:water" : "minecraft:air";
        }
        if (y == top) {
            return top < SEA_LEVEL ? "minecraft:sand" : "minecraft:grass_block";
        }
        if (y > top - 4) {
            return "minecraft:dirt";
        }
        int roll = Math.floorMod(hash(x, y, z), 1000);
        if (y < 16 && roll < 2) {
            return y < 0 ? "minecraft:deepslate_diamond_ore" : "minecraft:diamond_ore";
        }
        if (roll < 12) {
            return y < 0 ? "minecraft:deepslate_iron_ore" : "minecraft:iron_ore";
        }
        if (y > 0 && roll < 25) {
            return "minecraft:coal_ore";
        }
        return y < 0 ? "minecraft:deepslate" : "minecraft:stone";
    }

    private String nether(int x, int y, int z) {
        if (y < 0 || y >= 256) {
            return "minecraft:air";
        }
        if (y == 0 || y == 127) {
            return "minecraft:bedrock";
        }
        if (y > 127) {
            return "minecraft:air";
        }
        double cave = Math.sin(x / 17.0) * Math.cos(z / 19.0) * 20 + 64;
        if (Math.abs(y - cave) < 14) {
            return y < 32 ? "minecraft:lava" : "minecraft:air";
        }
        return Math.floorMod(hash(x, y, z), 1000) < 8 ? "minecraft:nether_quartz_ore" : "minecraft:netherrack";
    }

    private String end(int x, int y, int z) {
        if (y < 0 || y >= 256) {
            return "minecraft:air";
        }
        double r = Math.sqrt((double) x * x + (double) z * z);
        if (r < 100 && y <= 60 && y >= 60 - (int) ((100 - r) / 4)) {
            return "minecraft:end_stone";
        }
        return "minecraft:air";
    }

    private int hash(int x, int y, int z) {
        long h = seed ^ (x * 0x9E3779B97F4A7C15L) ^ (y * 0xC2B2AE3D27D4EB4FL) ^ (z * 0x165667B19E3779F9L);
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return (int) h;
    }
}

// Checked against every line in versions/ (Mojang names); calls that differ live in src/mc<line>/java; see API-NOTES.md.
package dev.mcpbridge.neoforge;

import dev.mcpbridge.core.spi.GameAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import net.minecraft.core.BlockPos;
import net.minecraft.core.registries.BuiltInRegistries;
import net.minecraft.network.chat.Component;
import net.minecraft.server.MinecraftServer;
import net.minecraft.server.level.ServerLevel;
import net.minecraft.server.level.ServerPlayer;
import net.minecraft.world.entity.Entity;
import net.minecraft.world.entity.Mob;
import net.minecraft.world.entity.item.ItemEntity;
import net.minecraft.world.entity.player.Inventory;
import net.minecraft.world.entity.player.Player;
import net.minecraft.world.item.Item;
import net.minecraft.world.item.ItemStack;
import net.minecraft.world.item.Items;
import net.minecraft.world.phys.AABB;

/**
 * The core's view of a running {@link MinecraftServer}. Worlds are dimension ids (the core resolves names
 * through {@link #worlds()} first). All methods but the two threading ones run on the server thread.
 */
final class NeoForgeGameAccess implements GameAccess {
    private static final String AIR = "minecraft:air";
    private final MinecraftServer server;

    NeoForgeGameAccess(MinecraftServer server) {
        this.server = server;
    }

    @Override
    public boolean isServerThread() {
        return server.isSameThread();
    }

    /** MinecraftServer is a BlockableEventLoop: execute() runs inline on its thread, queues otherwise. */
    @Override
    public Executor serverExecutor() {
        return server;
    }

    @Override
    public String minecraftVersion() {
        return server.getServerVersion();
    }

    @Override
    public int maxPlayers() {
        return server.getMaxPlayers();
    }

    /** As NeoForge's /neoforge tps: mean tick time of the last 100 ticks against the target tick length. */
    @Override
    public double tps() {
        double msPerTick = server.getAverageTickTimeNanos() / 1_000_000.0;
        return Math.min(20.0, 1000.0 / Math.max(msPerTick, server.tickRateManager().millisecondsPerTick()));
    }

    @Override
    public List<PlayerView> onlinePlayers() {
        return server.getPlayerList().getPlayers().stream().map(NeoForgeGameAccess::view).toList();
    }

    @Override
    public Optional<PlayerView> findPlayer(String name) {
        return Optional.ofNullable(server.getPlayerList().getPlayerByName(name)).map(NeoForgeGameAccess::view);
    }

    @Override
    public List<String> worlds() {
        List<String> ids = new ArrayList<>();
        ids.add(GameIds.worldId(server.overworld()));
        for (ServerLevel level : server.getAllLevels()) {
            if (!ids.contains(GameIds.worldId(level))) ids.add(GameIds.worldId(level));
        }
        return ids;
    }

    @Override
    public long dayTime(String world) {
        return DayTime.of(level(world)) % 24_000L;
    }

    @Override
    public Weather weather(String world) {
        ServerLevel level = level(world);
        if (level.isThundering()) return Weather.THUNDER;
        return level.isRaining() ? Weather.RAIN : Weather.CLEAR;
    }

    /** Never loads a chunk for a remote query: an unloaded (or out-of-height) position reads as air. */
    @Override
    public String blockAt(String world, int x, int y, int z) {
        ServerLevel level = level(world);
        BlockPos pos = new BlockPos(x, y, z);
        if (!level.isLoaded(pos)) return AIR;
        return BuiltInRegistries.BLOCK.getKey(level.getBlockState(pos).getBlock()).toString();
    }

    @Override
    public List<EntityView> entitiesWithin(String world, double x, double y, double z, double radius) {
        ServerLevel level = level(world);
        AABB box = new AABB(x - radius, y - radius, z - radius, x + radius, y + radius, z + radius);
        double r2 = radius * radius;
        List<EntityView> out = new ArrayList<>();
        for (Entity e : level.getEntities((Entity) null, box, candidate -> candidate.distanceToSqr(x, y, z) <= r2)) {
            String name = e instanceof Player || e.hasCustomName() ? e.getName().getString() : null;
            out.add(new EntityView(BuiltInRegistries.ENTITY_TYPE.getKey(e.getType()).toString(), GameIds.worldId(level),
                    e.getX(), e.getY(), e.getZ(), name));
        }
        return out;
    }

    /**
     * The same entity lookup as {@link #entitiesWithin}, keeping {@link Mob}s only (animals, monsters,
     * villagers, golems; players, armor stands, items and projectiles are not Mobs). Entity sections of
     * unloaded chunks hold no entities, so nothing is loaded.
     */
    @Override
    public List<EntityView> mobsWithin(String world, double x, double y, double z, double radius) {
        ServerLevel level = level(world);
        AABB box = new AABB(x - radius, y - radius, z - radius, x + radius, y + radius, z + radius);
        double r2 = radius * radius;
        List<EntityView> out = new ArrayList<>();
        for (Entity e : level.getEntities((Entity) null, box, c -> c instanceof Mob && c.distanceToSqr(x, y, z) <= r2)) {
            String name = e.hasCustomName() ? e.getName().getString() : null;
            out.add(new EntityView(BuiltInRegistries.ENTITY_TYPE.getKey(e.getType()).toString(), GameIds.worldId(level),
                    e.getX(), e.getY(), e.getZ(), name));
        }
        return out;
    }

    @Override
    public CommandResult executeCommand(String command) {
        return NeoForgeCommandRunner.run(server, command);
    }

    @Override
    public void sendMessage(UUID player, String text) {
        player(player).sendSystemMessage(Component.literal(text));
    }

    @Override
    public void broadcast(String text) {
        server.getPlayerList().broadcastSystemMessage(Component.literal(text), false);
    }

    @Override
    public void teleport(UUID player, String world, double x, double y, double z) {
        PlayerTeleport.teleport(player(player), level(world), x, y, z);
    }

    @Override
    public Optional<ItemInfo> item(String itemId) {
        return itemById(itemId).map(item -> new ItemInfo(BuiltInRegistries.ITEM.getKey(item).toString(),
                item.getDefaultInstance().getMaxStackSize()));
    }

    /** Like /give: full stacks into the inventory, what does not fit dropped at the player's feet for them. */
    @Override
    public int giveItem(UUID player, String itemId, int count) {
        ServerPlayer p = player(player);
        Item item = itemById(itemId).orElseThrow(() -> new IllegalArgumentException("Unknown item '" + itemId + "'"));
        int perStack = item.getDefaultInstance().getMaxStackSize();
        for (int left = count; left > 0; left -= perStack) {
            ItemStack stack = new ItemStack(item, Math.min(perStack, left));
            boolean added = p.getInventory().add(stack);
            if (!added || !stack.isEmpty()) {
                ItemEntity dropped = p.drop(stack, false);
                if (dropped != null) {
                    dropped.setNoPickUpDelay();
                    dropped.setTarget(p.getUUID());
                }
            }
        }
        p.containerMenu.broadcastChanges();
        return count;
    }

    private static PlayerView view(ServerPlayer p) {
        List<ItemStackView> items = new ArrayList<>();
        Inventory inventory = p.getInventory();
        for (int slot = 0; slot < inventory.getContainerSize(); slot++) {
            ItemStack stack = inventory.getItem(slot);
            if (stack.isEmpty()) continue;
            items.add(new ItemStackView(BuiltInRegistries.ITEM.getKey(stack.getItem()).toString(), stack.getCount(),
                    stack.getHoverName().getString()));
        }
        return new PlayerView(GameIds.playerName(p), p.getUUID(), p.getHealth(), p.getFoodData().getFoodLevel(),
                GameIds.worldId(GameIds.levelOf(p)), p.getX(), p.getY(), p.getZ(),
                GameMode.valueOf(p.gameMode.getGameModeForPlayer().name()), items);
    }

    private Optional<Item> itemById(String itemId) {
        return GameIds.item(itemId).filter(item -> item != Items.AIR);
    }

    private ServerPlayer player(UUID id) {
        ServerPlayer p = server.getPlayerList().getPlayer(id);
        if (p == null) throw new IllegalArgumentException("Player " + id + " is not online");
        return p;
    }

    private ServerLevel level(String world) {
        ServerLevel level = GameIds.level(server, world);
        if (level == null) throw new IllegalArgumentException("Unknown world '" + world + "'");
        return level;
    }
}

package dev.mcpbridge.devserver.game;

import dev.mcpbridge.core.spi.GameAccess;
import dev.mcpbridge.devserver.command.CommandSource;
import dev.mcpbridge.devserver.command.Dispatcher;
import dev.mcpbridge.devserver.command.vanilla.GiveCommand;
import dev.mcpbridge.devserver.loop.TickLoop;
import dev.mcpbridge.devserver.world.ItemStack;
import dev.mcpbridge.devserver.world.SimPlayer;
import dev.mcpbridge.devserver.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executor;

/** The core's GameAccess over the simulated world, as the NeoForge adapter implements it over the server. */
public final class DevGameAccess implements GameAccess {
    /** Types the devserver can hold that are not Minecraft Mobs (the rest it holds are: animals, monsters, villagers). */
    static final Set<String> NOT_MOBS = Set.of("minecraft:item", "minecraft:experience_orb", "minecraft:armor_stand",
            "minecraft:marker", "minecraft:arrow", "minecraft:falling_block", "minecraft:tnt", "minecraft:text_display",
            "minecraft:item_display", "minecraft:block_display", "minecraft:interaction", "minecraft:lightning_bolt");
    private final World world;
    private final TickLoop loop;
    private final Dispatcher dispatcher;
    private final String minecraftVersion;

    public DevGameAccess(World world, TickLoop loop, Dispatcher dispatcher, String minecraftVersion) {
        this.world = world;
        this.loop = loop;
        this.dispatcher = dispatcher;
        this.minecraftVersion = minecraftVersion;
    }

    @Override
    public boolean isServerThread() {
        return loop.isMainThread();
    }

    @Override
    public Executor serverExecutor() {
        return loop;
    }

    @Override
    public String minecraftVersion() {
        return minecraftVersion;
    }

    @Override
    public int maxPlayers() {
        return world.maxPlayers();
    }

    @Override
    public double tps() {
        return loop.tps();
    }

    @Override
    public List<PlayerView> onlinePlayers() {
        return world.players().stream().map(DevGameAccess::view).toList();
    }

    @Override
    public Optional<PlayerView> findPlayer(String name) {
        return world.player(name).map(DevGameAccess::view);
    }

    @Override
    public List<String> worlds() {
        return World.DIMENSIONS;
    }

    @Override
    public long dayTime(String dimension) {
        return world.dayTime() % 24000L;
    }

    @Override
    public Weather weather(String dimension) {
        return world.weather(); // every level reads the overworld's weather data, as vanilla's DerivedLevelData
    }

    @Override
    public String blockAt(String dimension, int x, int y, int z) {
        return world.blockAt(dimension, x, y, z);
    }

    @Override
    public List<EntityView> entitiesWithin(String dimension, double x, double y, double z, double radius) {
        double r2 = radius * radius;
        List<EntityView> out = new ArrayList<>();
        for (SimPlayer p : world.players()) {
            if (p.dimension().equals(dimension) && dist2(p.x(), p.y(), p.z(), x, y, z) <= r2) {
                out.add(new EntityView("minecraft:player", dimension, p.x(), p.y(), p.z(), p.name()));
            }
        }
        world.entities().stream()
                .filter(e -> e.dimension().equals(dimension) && dist2(e.x(), e.y(), e.z(), x, y, z) <= r2)
                .forEach(e -> out.add(new EntityView(e.type(), dimension, e.x(), e.y(), e.z(), e.name())));
        // and what /summon made (the NPCs' entities among them), named by their custom name
        world.summoned().stream()
                .filter(e -> e.dimension().equals(dimension) && dist2(e.x(), e.y(), e.z(), x, y, z) <= r2)
                .forEach(e -> out.add(new EntityView(e.type(), dimension, e.x(), e.y(), e.z(), e.customName())));
        return out;
    }

    /** The simulated animals and what /summon made (custom-named ones with their name), players never. */
    @Override
    public List<EntityView> mobsWithin(String dimension, double x, double y, double z, double radius) {
        List<EntityView> out = new ArrayList<>();
        for (EntityView e : entitiesWithin(dimension, x, y, z, radius)) {
            if (!e.type().equals("minecraft:player") && !NOT_MOBS.contains(e.type())) out.add(e);
        }
        return out;
    }

    @Override
    public CommandResult executeCommand(String command) {
        List<String> output = new ArrayList<>();
        Dispatcher.Outcome outcome = dispatcher.execute(CommandSource.console("Server", output::add), command);
        return new CommandResult(outcome.success(), outcome.result(), List.copyOf(output));
    }

    @Override
    public void sendMessage(UUID player, String text) {
        byUuid(player).ifPresent(p -> world.deliver("to " + p.name() + ": " + text));
    }

    @Override
    public void broadcast(String text) {
        world.deliver(text);
    }

    @Override
    public void teleport(UUID player, String dimension, double x, double y, double z) {
        byUuid(player).ifPresent(p -> p.moveTo(dimension, x, y, z));
    }

    @Override
    public Optional<ItemInfo> item(String itemId) {
        return world.items().find(itemId).map(i -> new ItemInfo(i.id(), i.maxStackSize()));
    }

    @Override
    public int giveItem(UUID player, String itemId, int count) {
        Optional<SimPlayer> p = byUuid(player);
        var item = world.items().find(itemId);
        if (p.isEmpty() || item.isEmpty()) {
            return 0;
        }
        GiveCommand.give(world, p.get(), item.get(), count);
        return count;
    }

    private Optional<SimPlayer> byUuid(UUID uuid) {
        return world.players().stream().filter(p -> p.uuid().equals(uuid)).findFirst();
    }

    private static PlayerView view(SimPlayer p) {
        List<ItemStackView> inventory = new ArrayList<>();
        for (int i = 0; i < SimPlayer.INVENTORY_SLOTS; i++) {
            ItemStack s = p.slot(i);
            if (s != null) {
                inventory.add(new ItemStackView(s.item().id(), s.count(), s.item().displayName()));
            }
        }
        return new PlayerView(p.name(), p.uuid(), p.health(), p.foodLevel(), p.dimension(), p.x(), p.y(), p.z(),
                p.gameMode(), List.copyOf(inventory));
    }

    private static double dist2(double ax, double ay, double az, double bx, double by, double bz) {
        double dx = ax - bx;
        double dy = ay - by;
        double dz = az - bz;
        return dx * dx + dy * dy + dz * dz;
    }
}

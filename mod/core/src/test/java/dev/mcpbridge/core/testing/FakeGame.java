package dev.mcpbridge.core.testing;

import dev.mcpbridge.core.spi.GameAccess;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A small in-memory Minecraft for tests (after spark's TestSparkPlugin): players, three worlds whose
 * blocks come from a function, entities, items, a few console commands. It records every call that
 * changes the game and can insist that calls happen on its own "server thread".
 */
public final class FakeGame implements GameAccess {
    public final Map<String, PlayerView> players = new LinkedHashMap<>();
    public final List<EntityView> entities = new ArrayList<>();
    public final Map<String, ItemInfo> items = new HashMap<>();
    /** Every executeCommand / sendMessage / broadcast / teleport / giveItem call, in order. */
    public final List<String> actions = new ArrayList<>();
    public final List<String> executedCommands = new ArrayList<>();
    public Function<String, CommandResult> commands = this::vanillaish;
    public Function<int[], String> terrain = p -> p[1] < 64 ? "minecraft:stone" : p[1] == 64 ? "minecraft:grass_block" : "minecraft:air";
    public boolean enforceServerThread;
    private final ExecutorService serverThread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fake-server-thread");
        t.setDaemon(true);
        return t;
    });
    private final AtomicReference<Thread> serverThreadRef = new AtomicReference<>();

    public FakeGame() {
        serverThread.execute(() -> serverThreadRef.set(Thread.currentThread()));
        addPlayer("Steve", "minecraft:overworld", 100.5, 64, -200.3);
        addPlayer("Alex", "minecraft:overworld", 10, 70, 10);
        items.put("minecraft:diamond", new ItemInfo("minecraft:diamond", 64));
        items.put("minecraft:diamond_sword", new ItemInfo("minecraft:diamond_sword", 1));
        items.put("minecraft:ender_pearl", new ItemInfo("minecraft:ender_pearl", 16));
        entities.add(new EntityView("minecraft:cow", "minecraft:overworld", 105.5, 64, -195.3, null));
    }

    public PlayerView addPlayer(String name, String world, double x, double y, double z) {
        PlayerView p = new PlayerView(name, UUID.nameUUIDFromBytes(name.getBytes()), 20f, 20, world, x, y, z,
                GameMode.SURVIVAL, List.of(new ItemStackView("minecraft:bread", 32, null),
                        new ItemStackView("minecraft:diamond_sword", 1, "Legendary Sword")));
        players.put(name.toLowerCase(), p);
        return p;
    }

    /** A few console commands with vanilla's meaning of success (see GameAccess.CommandResult). */
    CommandResult vanillaish(String command) {
        if (command.startsWith("say ")) return new CommandResult(true, 1, List.of("[Server] " + command.substring(4)));
        if (command.equals("list")) {
            String names = String.join(", ", players.values().stream().map(PlayerView::name).toList());
            return new CommandResult(true, players.size(),
                    List.of("There are " + players.size() + " of a max of " + maxPlayers() + " players online: " + names));
        }
        if (command.startsWith("time query")) return new CommandResult(true, 6000, List.of("The time is 6000"));
        return new CommandResult(false, 0, List.of("Unknown or incomplete command, see below for error"));
    }

    private void checkThread() {
        if (enforceServerThread && !isServerThread()) {
            throw new IllegalStateException("game touched off the server thread: " + Thread.currentThread().getName());
        }
    }

    @Override public boolean isServerThread() { return Thread.currentThread() == serverThreadRef.get(); }
    @Override public Executor serverExecutor() { return serverThread; }

    /** Occupies the server thread until the returned latch is counted down (a busy or stalled server). */
    public CountDownLatch holdServerThread() {
        CountDownLatch release = new CountDownLatch(1);
        serverThread.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return release;
    }
    @Override public String minecraftVersion() { checkThread(); return "1.21.1"; }
    @Override public int maxPlayers() { checkThread(); return 20; }
    @Override public double tps() { checkThread(); return 19.5; }
    @Override public List<PlayerView> onlinePlayers() { checkThread(); return List.copyOf(players.values()); }

    @Override
    public Optional<PlayerView> findPlayer(String name) {
        checkThread();
        return Optional.ofNullable(players.get(name.toLowerCase()));
    }

    @Override
    public List<String> worlds() {
        return List.of("minecraft:overworld", "minecraft:the_nether", "minecraft:the_end");
    }

    @Override public long dayTime(String world) { checkThread(); return 6_000; }
    @Override public Weather weather(String world) { checkThread(); return Weather.RAIN; }

    @Override
    public String blockAt(String world, int x, int y, int z) {
        checkThread();
        return terrain.apply(new int[] {x, y, z});
    }

    @Override
    public List<EntityView> entitiesWithin(String world, double x, double y, double z, double radius) {
        checkThread();
        List<EntityView> out = new ArrayList<>();
        for (PlayerView p : players.values()) {
            out.add(new EntityView("minecraft:player", p.world(), p.x(), p.y(), p.z(), p.name()));
        }
        out.addAll(entities);
        out.removeIf(e -> !e.world().equals(world) || Math.abs(e.x() - x) > radius || Math.abs(e.y() - y) > radius
                || Math.abs(e.z() - z) > radius);
        return out;
    }

    /** Every entity of {@link #entities} that is not an item or an armor stand counts as a mob here. */
    @Override
    public List<EntityView> mobsWithin(String world, double x, double y, double z, double radius) {
        checkThread();
        List<EntityView> out = new ArrayList<>(entities);
        out.removeIf(e -> !e.world().equals(world) || e.type().equals("minecraft:item")
                || e.type().equals("minecraft:armor_stand") || Math.abs(e.x() - x) > radius
                || Math.abs(e.y() - y) > radius || Math.abs(e.z() - z) > radius);
        return out;
    }

    @Override
    public CommandResult executeCommand(String command) {
        checkThread();
        actions.add("command " + command);
        executedCommands.add(command);
        return commands.apply(command);
    }

    @Override public void sendMessage(UUID player, String text) { checkThread(); actions.add("message " + player + " " + text); }
    @Override public void broadcast(String text) { checkThread(); actions.add("broadcast " + text); }

    @Override
    public void teleport(UUID player, String world, double x, double y, double z) {
        checkThread();
        actions.add("teleport " + player + " " + world + " " + x + " " + y + " " + z);
        players.replaceAll((k, p) -> p.uuid().equals(player)
                ? new PlayerView(p.name(), p.uuid(), p.health(), p.foodLevel(), world, x, y, z, p.gameMode(), p.inventory()) : p);
    }

    @Override public Optional<ItemInfo> item(String itemId) { checkThread(); return Optional.ofNullable(items.get(itemId)); }

    @Override
    public int giveItem(UUID player, String itemId, int count) {
        checkThread();
        actions.add("give " + player + " " + itemId + " " + count);
        return count;
    }
}

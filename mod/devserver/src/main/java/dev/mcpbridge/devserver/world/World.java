package dev.mcpbridge.devserver.world;

import dev.mcpbridge.core.GameEvents;
import dev.mcpbridge.core.spi.GameAccess.Weather;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The simulated server state. Touched only on the main thread (the tick loop), like a real server's
 * level and player list. Game happenings (join, quit, chat, death, block break) are reported to
 * {@link GameEvents}, which is the mod core when the mod is loaded and a no-op otherwise.
 */
public final class World {
    public static final List<String> DIMENSIONS = List.of(Ids.OVERWORLD, Ids.NETHER, Ids.END);
    private static final int CHAT_LOG_SIZE = 200;

    private final Terrain terrain;
    private final Items items;
    private final int maxPlayers;
    private GameEvents events;
    private final Map<String, SimPlayer> players = new LinkedHashMap<>();
    private final List<Entity> entities = new ArrayList<>();
    private final List<SummonedEntity> summoned = new ArrayList<>();
    private final Map<String, String> changedBlocks = new HashMap<>();
    private final Deque<String> chatLog = new ArrayDeque<>();
    private long gameTime;
    private long dayTime = 1000;
    private Weather weather = Weather.CLEAR;

    public World(long seed, Items items, int maxPlayers, GameEvents events) {
        this.terrain = new Terrain(seed);
        this.items = items;
        this.maxPlayers = maxPlayers;
        this.events = events;
        spawnAnimals();
    }

    public void setEvents(GameEvents events) {
        this.events = events;
    }

    private void spawnAnimals() {
        String[] kinds = {"minecraft:cow", "minecraft:pig", "minecraft:sheep", "minecraft:chicken"};
        for (int i = 0; i < 12; i++) {
            int x = (i % 4) * 6 - 9;
            int z = (i / 4) * 7 - 7;
            entities.add(new Entity(kinds[i % kinds.length], Ids.OVERWORLD, x + 0.5, terrain.surfaceHeight(x, z) + 1,
                    z + 0.5, null));
        }
        entities.add(new Entity("minecraft:zombified_piglin", Ids.NETHER, 3.5, 70, 3.5, null));
        entities.add(new Entity("minecraft:enderman", Ids.END, 5.5, 61, 5.5, null));
    }

    /** Called once per tick on the main thread. */
    public void tick() {
        gameTime++;
        dayTime++;
    }

    public Items items() {
        return items;
    }

    public int maxPlayers() {
        return maxPlayers;
    }

    public long gameTime() {
        return gameTime;
    }

    public long dayTime() {
        return dayTime;
    }

    /** Vanilla {@code time set}: the absolute day time (the day count starts again from it). */
    public void setDayTime(long value) {
        dayTime = value;
    }

    public Weather weather() {
        return weather;
    }

    public void setWeather(Weather weather) {
        this.weather = weather;
    }

    public Collection<SimPlayer> players() {
        return players.values();
    }

    public Optional<SimPlayer> player(String name) {
        return Optional.ofNullable(players.get(name.toLowerCase(Locale.ROOT)));
    }

    public List<Entity> entities() {
        return entities;
    }

    /** Entities made by {@code summon}, in the order they were made. */
    public List<SummonedEntity> summoned() {
        return summoned;
    }

    public void summon(SummonedEntity entity) {
        summoned.add(entity);
    }

    public void remove(SummonedEntity entity) {
        summoned.remove(entity);
    }

    public double[] spawn() {
        return new double[] {0.5, terrain.surfaceHeight(0, 0) + 1, 0.5};
    }

    public String blockAt(String dimension, int x, int y, int z) {
        String changed = changedBlocks.get(blockKey(dimension, x, y, z));
        return changed != null ? changed : terrain.blockAt(dimension, x, y, z);
    }

    // --- happenings (also reported as game events) ---

    /** Returns false when a player of that name is already online. */
    public boolean join(String name) {
        if (players.containsKey(name.toLowerCase(Locale.ROOT))) {
            return false;
        }
        double[] s = spawn();
        SimPlayer p = new SimPlayer(name, s[0], s[1], s[2]);
        players.put(name.toLowerCase(Locale.ROOT), p);
        events.playerJoin(p.name(), p.uuid());
        return true;
    }

    public boolean quit(String name) {
        SimPlayer p = players.remove(name.toLowerCase(Locale.ROOT));
        if (p == null) {
            return false;
        }
        events.playerQuit(p.name(), p.uuid());
        return true;
    }

    public void chat(SimPlayer p, String message) {
        deliver("<" + p.name() + "> " + message);
        events.playerChat(p.name(), p.uuid(), message);
    }

    public void die(SimPlayer p, String cause, String killerOrNull) {
        events.playerDeath(p.name(), cause, p.dimension(), p.x(), p.y(), p.z(), killerOrNull);
        double[] s = spawn();
        p.respawn(s[0], s[1], s[2]);
    }

    /** Breaks the block (air afterwards) and returns what was there. */
    public String breakBlock(SimPlayer p, int x, int y, int z) {
        String before = blockAt(p.dimension(), x, y, z);
        changedBlocks.put(blockKey(p.dimension(), x, y, z), "minecraft:air");
        if (changedBlocks.size() > 100_000) {
            changedBlocks.clear(); // bounded memory under load tests: the terrain regrows
        }
        events.blockBreak(p.name(), before, p.dimension(), x, y, z);
        return before;
    }

    public void dropItem(SimPlayer p, Items.Item item, int count) {
        entities.add(new Entity("minecraft:item", p.dimension(), p.x(), p.y(), p.z(), count + " " + item.displayName()));
    }

    /** Records a system/chat message as shown to every online player. */
    public void deliver(String text) {
        chatLog.addLast(text);
        if (chatLog.size() > CHAT_LOG_SIZE) {
            chatLog.removeFirst();
        }
    }

    public List<String> recentMessages() {
        return List.copyOf(chatLog);
    }

    private static String blockKey(String dimension, int x, int y, int z) {
        return dimension + '|' + x + '|' + y + '|' + z;
    }
}

package dev.mcpbridge.core.spi;

import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;

/**
 * The one interface a platform implements (NeoForge adapter, devserver). The core reaches the game
 * only through it. Every method except {@link #isServerThread()} and {@link #serverExecutor()} must be
 * called on the server thread; the core guarantees that (it runs handlers inline when already on the
 * server thread, which is the case for /mcpbridge over RCON, and hops through serverExecutor otherwise).
 *
 * <p>Worlds are named by dimension id ({@code minecraft:overworld}, {@code minecraft:the_nether},
 * {@code minecraft:the_end}, or a modded id). Block, item and entity types are namespaced ids.
 *
 * <p>Two tiers, as spark's platform interface: the abstract methods are what every platform answers
 * (threading, version, players, worlds, console commands); the default methods are optional
 * capabilities (world scans, messages, teleport, items) that answer {@code UNSUPPORTED} until a platform
 * overrides them. A new capability is added here as a default method, so it breaks no implementation;
 * each platform then overrides it when it can.
 */
public interface GameAccess {

    // --- threading ---

    /** True when the caller is the server (main tick) thread. */
    boolean isServerThread();

    /** Runs tasks on the server thread (e.g. MinecraftServer#execute). */
    Executor serverExecutor();

    // --- server ---

    /** Minecraft version, e.g. "1.21.1". */
    String minecraftVersion();

    int maxPlayers();

    /** Mean ticks per second over the recent past, at most 20. */
    double tps();

    // --- players ---

    List<PlayerView> onlinePlayers();

    /** Case-insensitive lookup by name, as vanilla's PlayerList#getPlayerByName. */
    Optional<PlayerView> findPlayer(String name);

    // --- worlds ---

    /** Dimension ids of the loaded worlds; the first one is the overworld. */
    List<String> worlds();

    /** Day time of a world (ticks, 0..23999 within the day, as /time query daytime). */
    long dayTime(String world);

    Weather weather(String world);


    // --- actions ---

    /**
     * Runs a command as the server console (permission level 4, as RCON) and captures what it printed.
     * The meaning of the result is vanilla's: see {@link CommandResult}.
     */
    CommandResult executeCommand(String command);

    // --- optional capabilities: UNSUPPORTED unless the platform overrides them ---

    /** Namespaced block id at a position ({@code minecraft:air} outside the build height). */
    default String blockAt(String world, int x, int y, int z) {
        throw unsupported("block lookup (blockAt)");
    }

    /** Entities (players included) whose position lies within {@code radius} of the point. */
    default List<EntityView> entitiesWithin(String world, double x, double y, double z, double radius) {
        throw unsupported("entity scan (entitiesWithin)");
    }

    /**
     * Mobs (Minecraft's {@code Mob}: animals, monsters, villagers, golems...; not players, armor stands,
     * items or projectiles) whose position lies within {@code radius} of the point, in any order. The name is
     * the custom name, or null when the mob has none. Never loads a chunk.
     */
    default List<EntityView> mobsWithin(String world, double x, double y, double z, double radius) {
        throw unsupported("mob scan (mobsWithin)");
    }

    /** Sends a system chat message to one player. */
    default void sendMessage(UUID player, String text) {
        throw unsupported("private messages (sendMessage)");
    }

    /** Sends a system chat message to every online player. */
    default void broadcast(String text) {
        throw unsupported("broadcast messages (broadcast)");
    }

    default void teleport(UUID player, String world, double x, double y, double z) {
        throw unsupported("teleport");
    }

    /** The item's registry facts, or empty when no such item exists. */
    default Optional<ItemInfo> item(String itemId) {
        throw unsupported("item registry lookup (item)");
    }

    /**
     * Gives {@code count} items (already checked against {@link ItemInfo#maxGive()}) split into stacks of
     * at most the item's max stack size; what does not fit is dropped at the player's feet, as /give does.
     * Returns the number given.
     */
    default int giveItem(UUID player, String itemId, int count) {
        throw unsupported("giving items (giveItem)");
    }

    /**
     * The error an optional capability answers when the platform lacks it: {@code UNSUPPORTED}, naming the
     * capability, so the caller knows the operation exists but this server's mod build cannot do it.
     */
    static BridgeException unsupported(String capability) {
        return new BridgeException(ErrorCode.UNSUPPORTED, "This server's mod platform does not provide "
                + capability + "; the operation is not available on it (update the mod, or use a server whose"
                + " platform supports it)");
    }

    // --- value types ---

    enum Weather { CLEAR, RAIN, THUNDER }

    enum GameMode { SURVIVAL, CREATIVE, ADVENTURE, SPECTATOR }

    record ItemStackView(String type, int quantity, String displayName) {}

    record PlayerView(String name, UUID uuid, float health, int foodLevel, String world,
                      double x, double y, double z, GameMode gameMode, List<ItemStackView> inventory) {}

    record EntityView(String type, String world, double x, double y, double z, String name) {}

    /** {@code maxStackSize} as the registry says; vanilla /give allows at most 100 stacks. */
    record ItemInfo(String id, int maxStackSize) {
        public int maxGive() {
            return maxStackSize * 100;
        }
    }

    /**
     * What a command did, with vanilla's meaning (brigadier's result callback).
     *
     * @param success true when the command ran without an error; false when it did not parse, is unknown,
     *     or failed while running (no such player, a failed {@code execute if}, an exception). A command
     *     that ran but "did nothing" still succeeded: {@code list} with nobody online is a success with
     *     result 0.
     * @param result the command's return value beside it (e.g. the number of players listed); summed over
     *     forked executions ({@code execute as @a ...}); 0 when {@code success} is false
     * @param output the lines the command sent to its source, in order
     */
    record CommandResult(boolean success, int result, List<String> output) {}
}

package dev.mcpbridge.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mcpbridge.core.spi.GameAccess;
import dev.mcpbridge.core.spi.GameAccess.CommandResult;
import dev.mcpbridge.core.spi.GameAccess.EntityView;
import dev.mcpbridge.core.spi.GameAccess.PlayerView;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link GameAccess} contract, run against every platform the tests use instead of the NeoForge
 * adapter (FakeGame here, DevGameAccess in mod/devserver): what the core relies on must hold on each of
 * them, so that a green test says something about production. Shipped in mod/core's test jar.
 *
 * <p>A subclass starts a platform with exactly the given players online (max 20 players) and stops it.
 * Every call goes through {@link GameAccess#serverExecutor()}, as the core makes it.
 */
public abstract class GameAccessContract {
    private static final String OVERWORLD = "minecraft:overworld";

    /** A running platform with exactly {@code players} online and a maximum of 20 players. */
    protected abstract GameAccess start(List<String> players) throws Exception;

    /** Stops what {@link #start} started; called after each test. */
    protected void stop() throws Exception {}

    @AfterEach
    void stopPlatform() throws Exception {
        stop();
    }

    @Test
    void serverThreadIsTheExecutorsThread() throws Exception {
        GameAccess game = start(List.of());
        assertFalse(game.isServerThread(), "the test thread is not the server thread");
        assertTrue(onServer(game, game::isServerThread), "serverExecutor runs tasks on the server thread");
    }

    @Test
    void listWithNobodyOnlineSucceedsWithResultZero() throws Exception {
        GameAccess game = start(List.of());
        CommandResult list = onServer(game, () -> game.executeCommand("list"));
        assertTrue(list.success(), "a command that ran without an error succeeded, result 0 or not: " + list);
        assertEquals(0, list.result(), list.toString());
        assertEquals(List.of("There are 0 of a max of 20 players online: "), list.output());
    }

    @Test
    void listReportsThePlayerCountAsItsResult() throws Exception {
        GameAccess game = start(List.of("Steve", "Alex"));
        CommandResult list = onServer(game, () -> game.executeCommand("list"));
        assertTrue(list.success(), list.toString());
        assertEquals(2, list.result(), list.toString());
        assertEquals(List.of("There are 2 of a max of 20 players online: Steve, Alex"), list.output());
    }

    @Test
    void unknownCommandFailsWithVanillasMessage() throws Exception {
        GameAccess game = start(List.of());
        CommandResult unknown = onServer(game, () -> game.executeCommand("definitely_not_a_command"));
        assertFalse(unknown.success(), unknown.toString());
        assertEquals(0, unknown.result(), unknown.toString());
        assertEquals("Unknown or incomplete command, see below for error", unknown.output().get(0));
    }

    @Test
    void playersAreFoundByNameIgnoringCase() throws Exception {
        GameAccess game = start(List.of("Steve", "Alex"));
        assertEquals(List.of("Steve", "Alex"),
                onServer(game, game::onlinePlayers).stream().map(PlayerView::name).toList());
        assertEquals("Steve", onServer(game, () -> game.findPlayer("sTEVE")).orElseThrow().name());
        assertTrue(onServer(game, () -> game.findPlayer("Nobody")).isEmpty());
    }

    @Test
    void worldsStartWithTheOverworldAndDayTimeIsWithinADay() throws Exception {
        GameAccess game = start(List.of());
        List<String> worlds = onServer(game, game::worlds);
        assertEquals(OVERWORLD, worlds.get(0));
        long dayTime = onServer(game, () -> game.dayTime(OVERWORLD));
        assertTrue(dayTime >= 0 && dayTime < 24_000, "dayTime " + dayTime);
    }

    @Test
    void itemsComeFromTheRegistry() throws Exception {
        GameAccess game = start(List.of());
        assertEquals(64, onServer(game, () -> game.item("minecraft:diamond")).orElseThrow().maxStackSize());
        assertTrue(onServer(game, () -> game.item("minecraft:no_such_item")).isEmpty());
    }

    @Test
    void aTeleportedPlayerIsSeenWhereTheyWent() throws Exception {
        GameAccess game = start(List.of("Steve"));
        PlayerView steve = onServer(game, () -> game.findPlayer("Steve")).orElseThrow();
        onServer(game, () -> {
            game.teleport(steve.uuid(), "minecraft:the_nether", 1.5, 70, -2.5);
            return null;
        });
        PlayerView moved = onServer(game, () -> game.findPlayer("Steve")).orElseThrow();
        assertEquals(List.of("minecraft:the_nether", 1.5, 70.0, -2.5), List.of(moved.world(), moved.x(), moved.y(), moved.z()));
        List<EntityView> near = onServer(game, () -> game.entitiesWithin("minecraft:the_nether", 1.5, 70, -2.5, 1));
        assertTrue(near.stream().anyMatch(e -> e.type().equals("minecraft:player") && "Steve".equals(e.name())),
                "entitiesWithin lists the player: " + near);
        assertEquals("minecraft:air", onServer(game, () -> game.blockAt(OVERWORLD, 0, 1000, 0)), "above the build height");
    }

    @Test
    void mobsAreEntitiesThatAreNotPlayersOrItems() throws Exception {
        GameAccess game = start(List.of("Steve", "Alex"));
        List<EntityView> all = onServer(game, () -> game.entitiesWithin(OVERWORLD, 0, 64, 0, 256));
        List<EntityView> mobs = onServer(game, () -> game.mobsWithin(OVERWORLD, 0, 64, 0, 256));
        assertFalse(mobs.isEmpty(), "the platform has a mob near the origin: " + all);
        assertTrue(all.containsAll(mobs), "every mob is an entity of the same scan: " + mobs + " / " + all);
        assertTrue(mobs.stream().noneMatch(e -> e.type().equals("minecraft:player") || e.type().equals("minecraft:item")),
                "no players, no items: " + mobs);
    }

    private static <T> T onServer(GameAccess game, Supplier<T> call) throws Exception {
        return CompletableFuture.supplyAsync(call, game.serverExecutor()).get(10, TimeUnit.SECONDS);
    }
}

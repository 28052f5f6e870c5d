package dev.mcpbridge.core.testing;

import dev.mcpbridge.core.spi.GameAccess;
import java.util.List;

/** FakeGame keeps the GameAccess contract, so the core's tests say something about real platforms. */
class FakeGameContractTest extends GameAccessContract {
    @Override
    protected GameAccess start(List<String> players) {
        FakeGame game = new FakeGame();
        game.players.clear();
        game.enforceServerThread = true;
        for (String name : players) game.addPlayer(name, "minecraft:overworld", 0, 64, 0);
        return game;
    }
}

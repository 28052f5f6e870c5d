package dev.mcpbridge.devserver.game;

import dev.mcpbridge.core.spi.GameAccess;
import dev.mcpbridge.core.testing.GameAccessContract;
import dev.mcpbridge.devserver.Devserver;
import dev.mcpbridge.devserver.DevserverConfig;
import java.util.List;
import java.util.Map;

/** The devserver keeps the same GameAccess contract as FakeGame (and, by its README, the NeoForge adapter). */
class DevGameAccessContractTest extends GameAccessContract {
    private Devserver server;

    @Override
    protected GameAccess start(List<String> players) throws Exception {
        String[] args = {"--rcon-port", "0", "--status-port", "0", "--rcon-password", "contract-test",
            "--max-players", "20", "--players", String.join(",", players)};
        server = new Devserver(DevserverConfig.parse(args, Map.of()));
        server.start();
        return server.game();
    }

    @Override
    protected void stop() {
        if (server != null) server.close();
    }
}

package dev.mcpbridge.devserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts an in-process devserver on free ports. */
final class TestServers {
    static final String PASSWORD = "test-password";

    private TestServers() {}

    static Devserver start(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("--rcon-port", "0", "--status-port", "0", "--rcon-password", PASSWORD));
        args.addAll(List.of(extra));
        Devserver server = new Devserver(DevserverConfig.parse(args.toArray(String[]::new), Map.of()));
        server.start();
        return server;
    }
}

package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import nl.vv32.rcon.Rcon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The devserver as a peer of the bridge's log tail and management source. */
class ServerLogAndManagementTest {
    private static final String SECRET = "abcdefghijABCDEFGHIJ0123456789abcdefghij";

    @Test
    void writesVanillaLinesForSimActivityAndRollsTheOldLogOverAtStartUp(@TempDir Path dir) throws Exception {
        Path logs = dir.resolve("logs");
        try (Devserver server = TestServers.start("--no-mod", "--log-dir", logs.toString(), "--players", "Steve");
             Rcon rcon = Rcon.open("127.0.0.1", server.rconPort())) {
            assertTrue(rcon.authenticate(TestServers.PASSWORD));
            rcon.sendCommand("sim chat Steve hello [world]");
            rcon.sendCommand("sim join Alex");
            rcon.sendCommand("sim die Alex drown");
            rcon.sendCommand("sim quit Alex");
        }
        List<String> messages = Files.readAllLines(logs.resolve("latest.log")).stream()
                .peek(l -> assertTrue(l.matches("^\\[\\d\\d:\\d\\d:\\d\\d] \\[Server thread/INFO]: .*"), l))
                .map(l -> l.substring(l.indexOf("]: ") + 3)).toList();
        assertTrue(messages.containsAll(List.of("Steve joined the game", "<Steve> hello [world]", "Alex joined the game",
                "Alex drowned", "Alex lost connection: Disconnected", "Alex left the game", "Stopping server")), messages.toString());

        try (Devserver again = TestServers.start("--no-mod", "--log-dir", logs.toString())) {
            Path archive = logs.resolve(LocalDate.now() + "-1.log.gz");
            assertTrue(Files.exists(archive), "the previous latest.log is rolled over to " + archive);
            try (InputStream in = new GZIPInputStream(Files.newInputStream(archive))) {
                assertTrue(new String(in.readAllBytes(), StandardCharsets.UTF_8).contains("<Steve> hello [world]"));
            }
            assertTrue(Files.readString(logs.resolve("latest.log")).contains("Starting minecraft server version"));
        }
    }

    @Test
    void paperWritesChatOnItsAsyncChatThreadAsRealPaperDoes(@TempDir Path dir) throws Exception {
        Path logs = dir.resolve("logs");
        try (Devserver server = TestServers.start("--no-mod", "--flavour", "paper", "--log-dir", logs.toString(),
                "--players", "Steve");
             Rcon rcon = Rcon.open("127.0.0.1", server.rconPort())) {
            assertTrue(rcon.authenticate(TestServers.PASSWORD));
            rcon.sendCommand("sim chat Steve yo");
        }
        List<String> lines = Files.readAllLines(logs.resolve("latest.log"));
        assertTrue(lines.stream().anyMatch(l -> l.matches(
                "^\\[\\d\\d:\\d\\d:\\d\\d] \\[Async Chat Thread - #\\d+/INFO]: \\[Not Secure] <Steve> yo$")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.endsWith("[Server thread/INFO]: Steve joined the game")), lines.toString());
    }

    @Test
    void managementServerRefusesAWrongSecretAndNotifiesJoins() throws Exception {
        try (Devserver server = TestServers.start("--no-mod", "--mc-version", "1.21.11", "--players", "Steve", "--management-port", "0",
                "--management-secret", SECRET, "--management-tls-off");
             Rcon rcon = Rcon.open("127.0.0.1", server.rconPort())) {
            URI uri = URI.create("ws://127.0.0.1:" + server.managementPort());
            HttpClient http = HttpClient.newHttpClient();
            CompletionException refused = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class,
                    () -> http.newWebSocketBuilder().header("Authorization", "Bearer wrong").buildAsync(uri, new Collect()).join());
            assertEquals(401, ((java.net.http.WebSocketHandshakeException) refused.getCause()).getResponse().statusCode());

            Collect messages = new Collect();
            WebSocket ws = http.newWebSocketBuilder().header("Authorization", "Bearer " + SECRET).buildAsync(uri, messages).join();
            ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"minecraft:players\"}", true).join();
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":[{\"id\":\"" + uuidOf("Steve") + "\",\"name\":\"Steve\"}]}",
                    messages.next());
            assertTrue(rcon.authenticate(TestServers.PASSWORD));
            rcon.sendCommand("sim join Alex");
            assertEquals("{\"jsonrpc\":\"2.0\",\"method\":\"minecraft:notification/players/joined\",\"params\":[{\"id\":\""
                    + uuidOf("Alex") + "\",\"name\":\"Alex\"}]}", messages.next());
            ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"minecraft:nope\"}", true).join();
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}", messages.next());
            ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"rpc.discover\"}", true).join();
            String discover = messages.next();
            assertTrue(discover.contains("\"minecraft:notification/players/left\""), discover);
            ws.abort();
        }
    }

    private static String uuidOf(String name) {
        return dev.mcpbridge.devserver.world.SimPlayer.offlineUuid(name).toString();
    }

    /** Collects whole text messages. */
    private static final class Collect implements WebSocket.Listener {
        private final LinkedBlockingQueue<String> queue = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                queue.add(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return CompletableFuture.completedFuture(null);
        }

        String next() throws InterruptedException, IOException {
            String m = queue.poll(10, TimeUnit.SECONDS);
            if (m == null) {
                throw new IOException("no message within 10 s");
            }
            return m;
        }
    }
}

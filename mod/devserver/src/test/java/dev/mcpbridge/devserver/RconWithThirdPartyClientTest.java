package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import nl.vv32.rcon.Rcon;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The RCON listener driven by a third-party client (nl.vv32.rcon, jobfeikens/rcon) and, for what a
 * client library never does on purpose, by raw bytes.
 */
class RconWithThirdPartyClientTest {
    private static final String PLAYERS = IntStream.range(0, 200).mapToObj(i -> "Player" + i).collect(Collectors.joining(","));
    private static Devserver server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start("--players", "Steve,Alex," + PLAYERS, "--max-players", "300");
        server.registerCommand("whichthread", (ctx, r) -> {
            ctx.send(Thread.currentThread().getName());
            return 1;
        });
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Rcon client() throws IOException {
        Rcon rcon = Rcon.open("127.0.0.1", server.rconPort());
        assertTrue(rcon.authenticate(TestServers.PASSWORD), "login with the right password must succeed");
        return rcon;
    }

    @Test
    void loginWithBadPasswordIsRefusedWithIdMinusOne() throws IOException {
        try (Rcon rcon = Rcon.open("127.0.0.1", server.rconPort())) {
            assertFalse(rcon.authenticate("wrong"), "the library reports id -1 as a failed login");
        }
        try (RawRcon raw = new RawRcon(server.rconPort())) {
            raw.send(7, 3, "wrong");
            RawRcon.Packet p = raw.read();
            assertEquals(-1, p.id());
            assertEquals(2, p.type());
        }
    }

    @Test
    void vanillaCommandsAnswerVanillaText() throws IOException {
        try (Rcon rcon = client()) {
            assertTrue(rcon.sendCommand("list").startsWith("There are 202 of a max of 300 players online: Steve, Alex, Player0"));
            assertEquals("Teleported Steve to 1.500000, 70.000000, -2.500000", rcon.sendCommand("tp Steve 1 70 -3"));
            assertEquals("Gave 3 [Ender Pearl] to Alex", rcon.sendCommand("give Alex minecraft:ender_pearl 3"));
            assertEquals("No player was found", rcon.sendCommand("give Nobody minecraft:stone"));
            assertEquals("Unknown or incomplete command, see below for errorfly away<--[HERE]", rcon.sendCommand("fly away"));
            assertTrue(rcon.sendCommand("time query daytime").matches("The time is \\d+"));
        }
    }

    @Test
    void mcpbridgeAnswersTheCoresJsonLine() throws IOException {
        try (Rcon rcon = client()) {
            String answer = rcon.sendCommand("mcpbridge {\"version\":\"1.0.0\",\"type\":\"query\",\"id\":\"q-1\","
                    + "\"timestamp\":1,\"source\":\"mcp\",\"payload\":{\"query\":\"get_server_info\",\"args\":{}}}");
            assertFalse(answer.contains("\n"), "one line");
            assertTrue(answer.chars().allMatch(c -> c < 128), "ASCII only");
            JsonObject json = JsonParser.parseString(answer).getAsJsonObject();
            assertEquals("response", json.get("type").getAsString(), answer);
            assertEquals("q-1", json.get("id").getAsString());
            assertTrue(json.getAsJsonObject("payload").get("success").getAsBoolean(), answer);
            assertTrue(answer.contains("1.21.1"), "server info names the simulated version: " + answer);
        }
    }

    @Test
    void answersLongerThan4096CharsArriveInSeveralPackets() throws IOException {
        String full = server.runCommand("list uuids");
        assertTrue(full.length() > 2 * 4096, "the fixture must produce a long answer, got " + full.length());
        try (Rcon rcon = client()) {
            assertEquals(full.substring(0, 4096), rcon.sendCommand("list uuids"), "first piece: exactly 4096 chars");
            // the library reads one packet per request: the next packet it sees is the second piece
            IOException e = assertThrows(IOException.class, () -> rcon.sendCommand("list"));
            assertTrue(e.getMessage().startsWith("Unexpected response id"), e.getMessage());
        }
        // The server still runs that "list" after the library gave up: all connections share one output
        // buffer (as vanilla), so a command sent before it ends would read "list"'s text too.
        awaitNoRconConnections();
        try (RawRcon raw = new RawRcon(server.rconPort())) {
            raw.login(TestServers.PASSWORD);
            raw.send(42, 2, "list uuids");
            List<RawRcon.Packet> pieces = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            while (text.length() < full.length()) {
                RawRcon.Packet p = raw.read();
                assertEquals(42, p.id(), "every piece carries the request id");
                assertEquals(0, p.type());
                pieces.add(p);
                text.append(p.payload());
            }
            assertEquals(full, text.toString());
            assertEquals((full.length() + 4095) / 4096, pieces.size());
            raw.send(43, 0x63, "");
            assertEquals(new RawRcon.Packet(43, 0, "Unknown request 63"), raw.read(), "no end marker: a probe closes the answer");
        }
    }

    private static void awaitNoRconConnections() {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (server.rconConnections() > 0) {
            assertTrue(System.nanoTime() < deadline, "a closed client's connection is still open on the server after 5 s");
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Test
    void twoPacketsInOneWriteCloseTheConnection() throws IOException {
        try (RawRcon raw = new RawRcon(server.rconPort())) {
            raw.login(TestServers.PASSWORD);
            byte[] a = dev.mcpbridge.devserver.rcon.RconPackets.encode(2, 2, "list");
            byte[] both = new byte[a.length * 2];
            System.arraycopy(a, 0, both, 0, a.length);
            System.arraycopy(a, 0, both, a.length, a.length);
            raw.writeRaw(both);
            assertNull(raw.read(), "the server closes without answering, as vanilla (MC-72390)");
        }
    }

    @Test
    void commandsRunOnTheMainThreadWhileTheListenerWaits() throws IOException {
        try (Rcon rcon = client()) {
            assertEquals("Server thread", rcon.sendCommand("whichthread"));
            int before = Integer.parseInt(rcon.sendCommand("time query gametime").replace("The time is ", ""));
            long start = System.nanoTime();
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            int after = Integer.parseInt(rcon.sendCommand("time query gametime").replace("The time is ", ""));
            double seconds = (System.nanoTime() - start) / 1e9;
            double tps = (after - before) / seconds;
            assertTrue(tps > 16 && tps < 22, "the main loop runs at 20 TPS, measured " + tps);
        }
    }
}

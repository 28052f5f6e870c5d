package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import dev.mcpbridge.devserver.rcon.RconPackets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** Properties of the devserver seen from outside: over RCON and through the mod core. */
class DevserverPropertiesTest {
    private static Devserver server;

    @BeforeContainer
    static void start() throws Exception {
        server = TestServers.start();
    }

    @AfterContainer
    static void stop() {
        server.close();
    }

    // Feature: minecraft-mcp-bridge, Property 12: Malformed message resilience
    @Property(tries = 100)
    void malformedRconInputNeverStopsTheListener(@ForAll("garbage") byte[] bytes) throws Exception {
        try (RawRcon bad = new RawRcon(server.rconPort(), 50)) {
            bad.writeRaw(bytes);
            RawRcon.Packet p;
            while ((p = bad.read()) != null) {
                assertTrue(p.id() == -1 || p.type() == 0 || p.type() == 2, "only vanilla reply kinds: " + p);
            }
        } catch (java.net.SocketTimeoutException e) {
            // a partial packet that the server still waits on is fine: the socket closes below
        }
        try (RawRcon good = new RawRcon(server.rconPort())) {
            good.login(TestServers.PASSWORD);
            good.send(5, 2, "time query gametime");
            assertTrue(good.read().payload().startsWith("The time is "));
        }
    }

    @Provide
    Arbitrary<byte[]> garbage() {
        Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMinSize(0).ofMaxSize(64);
        Arbitrary<byte[]> framed = Arbitraries.integers().between(-5, 100)
                .flatMap(type -> Arbitraries.strings().ofMaxLength(40).map(s -> RconPackets.encode(3, type, s)));
        Arbitrary<byte[]> badLength = framed.map(b -> {
            b[0] = (byte) (b[0] + 1);
            return b;
        });
        return Arbitraries.oneOf(random, framed, badLength);
    }

    // Feature: minecraft-mcp-bridge, Property 8: Player list query completeness
    @Property(tries = 100)
    void listAndGetOnlinePlayersNameExactlyTheOnlinePlayers(@ForAll("names") Set<String> names) {
        for (String online : onlineFromList()) {
            server.runCommand("sim quit " + online);
        }
        names.forEach(n -> server.runCommand("sim join " + n));
        assertEquals(new TreeSet<>(names), new TreeSet<>(onlineFromList()));
        String json = server.runCommand("mcpbridge {\"version\":\"1.0.0\",\"type\":\"query\",\"id\":\"p8\",\"timestamp\":1,"
                + "\"source\":\"mcp\",\"payload\":{\"query\":\"get_online_players\",\"args\":{}}}");
        JsonArray players = JsonParser.parseString(json).getAsJsonObject().getAsJsonObject("payload")
                .getAsJsonObject("data").getAsJsonArray("players");
        List<String> fromCore = new ArrayList<>();
        players.forEach(p -> fromCore.add(p.isJsonObject() ? p.getAsJsonObject().get("name").getAsString() : p.getAsString()));
        assertEquals(new TreeSet<>(names), new TreeSet<>(fromCore), json);
    }

    @Provide
    Arbitrary<Set<String>> names() {
        return Arbitraries.strings().withChars("abcdefghijklmnopqrstuvwxyzABC_0123").ofMinLength(3).ofMaxLength(16)
                .set().ofMaxSize(8).filter(s -> s.stream().map(String::toLowerCase).distinct().count() == s.size());
    }

    private static List<String> onlineFromList() {
        String list = server.runCommand("list");
        String names = list.substring(list.indexOf("online: ") + "online: ".length());
        return names.isEmpty() ? List.of() : List.of(names.split(", "));
    }
}

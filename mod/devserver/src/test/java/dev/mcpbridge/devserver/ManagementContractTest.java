package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.devserver.management.ManagementOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import nl.vv32.rcon.Rcon;
import org.junit.jupiter.api.Test;

/**
 * The devserver's management protocol held against the real server: its {@code rpc.discover}
 * entries and its answers against a captured real document (resources management/real, see its
 * SOURCE.md), and the real server's authentication, status, save and batch behaviour (vanilla's
 * AuthenticationHandler, ServerStateService and JsonRpcSslContextProvider).
 */
class ManagementContractTest {
    private static final String SECRET = "abcdefghijABCDEFGHIJ0123456789abcdefghij";

    private static JsonObject realDocument() throws IOException {
        try (InputStream in = ManagementContractTest.class.getResourceAsStream("/management/real/rpc-discover-1.1.0.json")) {
            return JsonParser.parseString(new String(Objects.requireNonNull(in).readAllBytes(), StandardCharsets.UTF_8))
                    .getAsJsonObject().getAsJsonObject("result");
        }
    }

    private static Devserver start(String version, String... extra) throws Exception {
        String[] args = new String[extra.length + 9];
        String[] base = {"--no-mod", "--mc-version", version, "--management-port", "0", "--management-secret", SECRET,
            "--management-tls-off", "--management-allowed-origins"};
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return TestServers.start(args);
    }

    @Test
    void discoverListsRealEntriesAndTheVersionOfEachGameVersion() throws Exception {
        JsonObject real = realDocument();
        Map<String, JsonObject> realMethods = new HashMap<>();
        real.getAsJsonArray("methods").forEach(m -> realMethods.put(m.getAsJsonObject().get("name").getAsString(), m.getAsJsonObject()));
        for (String[] v : new String[][] {{"1.21.11", "2.0.0"}, {"26.1", "3.0.0"}}) {
            try (Devserver server = start(v[0], "https://panel.example"); RawWs ws = RawWs.open(server, bearer(SECRET))) {
                JsonObject doc = ws.call("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"rpc.discover\"}").getAsJsonObject("result");
                assertEquals(v[1], doc.getAsJsonObject("info").get("version").getAsString(), v[0]);
                assertEquals(real.getAsJsonObject("info").get("title"), doc.getAsJsonObject("info").get("title"));
                assertEquals(real.get("openrpc"), doc.get("openrpc"));
                for (JsonElement m : doc.getAsJsonArray("methods")) {
                    String name = m.getAsJsonObject().get("name").getAsString();
                    assertEquals(realMethods.get(name), m, "the entry of " + name + " is the real server's");
                }
                JsonObject schemas = doc.getAsJsonObject("components").getAsJsonObject("schemas");
                JsonObject realSchemas = real.getAsJsonObject("components").getAsJsonObject("schemas");
                for (String name : schemas.keySet()) {
                    assertEquals(realSchemas.get(name), schemas.get(name), "schema " + name);
                }
                for (String needed : new String[] {"minecraft:players", "minecraft:server/status", "minecraft:server/save",
                    "minecraft:notification/players/joined", "minecraft:notification/players/left",
                    "minecraft:notification/server/status"}) {
                    assertTrue(doc.getAsJsonArray("methods").toString().contains("\"" + needed + "\""), needed);
                }
            }
        }
    }

    @Test
    void answersMatchTheRealSchemasAndStatusLeavesPlayersOutWhenNobodyIsOnline() throws Exception {
        JsonObject schemas = realDocument().getAsJsonObject("components").getAsJsonObject("schemas");
        try (Devserver server = start("1.21.11", ""); RawWs ws = RawWs.open(server, bearer(SECRET));
             Rcon rcon = Rcon.open("127.0.0.1", server.rconPort())) {
            JsonObject empty = ws.call("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"minecraft:server/status\"}").getAsJsonObject("result");
            assertFalse(empty.has("players"), "vanilla's codec leaves an empty players list out: " + empty);
            assertValid(empty, schemas.get("server_state"), schemas);
            assertTrue(rcon.authenticate(TestServers.PASSWORD));
            rcon.sendCommand("sim join Alex");
            ws.next(); // players/joined
            JsonObject one = ws.call("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"minecraft:server/status\"}").getAsJsonObject("result");
            assertEquals(1, one.getAsJsonArray("players").size(), one.toString());
            assertValid(one, schemas.get("server_state"), schemas);
            JsonArray players = ws.call("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"minecraft:players\"}").getAsJsonArray("result");
            for (JsonElement p : players) {
                assertValid(p, schemas.get("player"), schemas);
            }
        }
    }

    @Test
    void saveTakesFlushAndBatchesAreAnsweredAsArrays() throws Exception {
        try (Devserver server = start("26.1", ""); RawWs ws = RawWs.open(server, bearer(SECRET))) {
            JsonObject noFlush = ws.call("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"minecraft:server/save\"}");
            assertEquals(-32602, noFlush.getAsJsonObject("error").get("code").getAsInt(), noFlush.toString());
            ws.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"minecraft:server/save\",\"params\":[true]}");
            // The reply and the two notifications travel on different threads: their order is not fixed.
            String three = ws.next() + ws.next() + ws.next();
            assertTrue(three.contains("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":true}"), three);
            assertTrue(three.indexOf("server/saving") >= 0 && three.indexOf("server/saving") < three.indexOf("server/saved"), three);

            ws.send("[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"minecraft:players\"},"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"minecraft:players\"},{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"x:y\"}]");
            JsonArray replies = JsonParser.parseString(ws.next()).getAsJsonArray();
            assertEquals(2, replies.size(), replies.toString());
            assertEquals("[]", replies.get(0).getAsJsonObject().get("result").toString());
            assertEquals(-32601, replies.get(1).getAsJsonObject().getAsJsonObject("error").get("code").getAsInt());
            ws.send("[]");
            assertEquals(-32600, JsonParser.parseString(ws.next()).getAsJsonObject().getAsJsonObject("error").get("code").getAsInt());
        }
    }

    @Test
    void authenticatesAsVanillaDoes() throws Exception {
        String origin = "https://panel.example";
        try (Devserver server = start("1.21.11", origin + ",http://other.example")) {
            assertEquals(unauthorized("Invalid API key"), RawWs.refusal(server, bearer("wrong")));
            assertEquals(unauthorized("Missing API key"), RawWs.refusal(server, "Authorization: bearer " + SECRET + "\r\n"),
                    "'Bearer' is case-sensitive");
            assertEquals(unauthorized("Invalid API key"), RawWs.refusal(server, bearer("wrong")
                    + "Sec-WebSocket-Protocol: minecraft-v1," + SECRET + "\r\nOrigin: " + origin + "\r\n"),
                    "a wrong bearer is refused even with a right subprotocol");
            assertEquals(unauthorized("Origin Not Allowed"), RawWs.refusal(server, "Sec-WebSocket-Protocol: minecraft-v1," + SECRET + "\r\n"));
            assertEquals(unauthorized("Origin Not Allowed"), RawWs.refusal(server,
                    "Sec-WebSocket-Protocol: minecraft-v1," + SECRET + "\r\nOrigin: https://evil.example\r\n"));
            assertEquals(unauthorized("Missing API key"), RawWs.refusal(server, ""));
            try (RawWs ws = RawWs.open(server, "Sec-WebSocket-Protocol: minecraft-v1, " + SECRET + "\r\nOrigin: " + origin + "\r\n")) {
                assertTrue(ws.handshake.contains("Sec-WebSocket-Protocol: minecraft-v1\r\n"), ws.handshake);
            }
        }
    }

    @Test
    void managementExistsFrom1219OnAndTlsWithoutKeystoreIsRefusedWithTheFix() {
        IllegalArgumentException old = assertThrows(IllegalArgumentException.class,
                () -> DevserverConfig.parse(new String[] {"--rcon-password", "p", "--mc-version", "1.21.1",
                    "--management-port", "0", "--management-secret", SECRET}, Map.of()));
        assertTrue(old.getMessage().contains("1.21.9"), old.getMessage());
        IllegalArgumentException tls = assertThrows(IllegalArgumentException.class,
                () -> DevserverConfig.parse(new String[] {"--rcon-password", "p", "--mc-version", "1.21.11",
                    "--management-port", "0", "--management-secret", SECRET}, Map.of()));
        assertTrue(tls.getMessage().contains("TLS is enabled but keystore is not configured"), tls.getMessage());
        assertTrue(tls.getMessage().contains("MINECRAFT_MANAGEMENT_TLS_KEYSTORE_PASSWORD"), tls.getMessage());
    }

    @Test
    void keystorePasswordComesFromTheVariableThenTheSystemPropertyThenTheProperties() {
        Map<String, String> env = Map.of(ManagementOptions.PASSWORD_VARIABLE, "fromEnv");
        Map<String, String> sys = Map.of(ManagementOptions.PASSWORD_PROPERTY, "fromSys");
        assertEquals("fromEnv", ManagementOptions.keystorePassword(env, sys::get, "fromFile"));
        assertEquals("fromSys", ManagementOptions.keystorePassword(Map.of(), sys::get, "fromFile"));
        assertEquals("fromFile", ManagementOptions.keystorePassword(Map.of(), k -> null, "fromFile"));
        assertEquals("", ManagementOptions.keystorePassword(Map.of(), k -> null, null));
        DevserverConfig config = DevserverConfig.parse(new String[] {"--rcon-password", "p", "--mc-version", "1.21.11",
            "--management-port", "0", "--management-secret", SECRET, "--management-keystore", "k.p12",
            "--management-keystore-password", "fromFile"}, env);
        assertEquals("fromEnv", config.management().keystorePassword());
    }

    private static String bearer(String secret) {
        return "Authorization: Bearer " + secret + "\r\n";
    }

    private static String unauthorized(String reason) {
        return "401 {\"error\":\"Unauthorized\",\"message\":\"" + reason + "\"}";
    }

    /** The subset of JSON Schema the document uses: $ref, type, properties, items. */
    private static void assertValid(JsonElement value, JsonElement schemaElement, JsonObject schemas) {
        JsonObject schema = schemaElement.getAsJsonObject();
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").getAsString();
            assertValid(value, schemas.get(ref.substring(ref.lastIndexOf('/') + 1)), schemas);
            return;
        }
        switch (schema.get("type").getAsString()) {
            case "object" -> {
                assertTrue(value.isJsonObject(), value + " is an object");
                JsonObject props = schema.getAsJsonObject("properties");
                for (String key : value.getAsJsonObject().keySet()) {
                    assertNotNull(props.get(key), "'" + key + "' is a property the real schema has");
                    assertValid(value.getAsJsonObject().get(key), props.get(key), schemas);
                }
            }
            case "array" -> {
                assertTrue(value.isJsonArray(), value + " is an array");
                value.getAsJsonArray().forEach(item -> assertValid(item, schema.get("items"), schemas));
            }
            case "string" -> assertTrue(value.isJsonPrimitive() && value.getAsJsonPrimitive().isString(), value.toString());
            case "boolean" -> assertTrue(value.isJsonPrimitive() && value.getAsJsonPrimitive().isBoolean(), value.toString());
            case "integer" -> assertTrue(value.isJsonPrimitive() && value.getAsJsonPrimitive().isNumber()
                    && value.getAsDouble() == Math.rint(value.getAsDouble()), value.toString());
            default -> throw new AssertionError("schema type " + schema.get("type"));
        }
    }

    /** A raw client WebSocket: the upgrade request with the headers given, masked text frames. */
    private static final class RawWs implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;
        final String handshake;

        private RawWs(Socket socket, String handshake) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.out = socket.getOutputStream();
            this.handshake = handshake;
        }

        private static Socket connect(Devserver server, String headers) throws IOException {
            Socket s = new Socket("127.0.0.1", server.managementPort());
            s.setSoTimeout(10_000);
            s.getOutputStream().write(("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" + headers + "\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            return s;
        }

        private static String head(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            while (!b.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int c = in.read();
                if (c < 0) {
                    break;
                }
                b.write(c);
            }
            return b.toString(StandardCharsets.ISO_8859_1);
        }

        static RawWs open(Devserver server, String headers) throws IOException {
            Socket s = connect(server, headers);
            String head = head(s.getInputStream());
            if (!head.startsWith("HTTP/1.1 101")) {
                s.close();
                throw new IOException("not upgraded: " + head);
            }
            return new RawWs(s, head);
        }

        /** "status body" of a refused upgrade. */
        static String refusal(Devserver server, String headers) throws IOException {
            try (Socket s = connect(server, headers)) {
                String head = head(s.getInputStream());
                return head.split(" ")[1] + " " + new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            }
        }

        void send(String text) throws IOException {
            byte[] payload = text.getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream f = new ByteArrayOutputStream();
            f.write(0x81);
            if (payload.length < 126) {
                f.write(0x80 | payload.length);
            } else {
                f.write(0x80 | 126);
                f.write(payload.length >>> 8);
                f.write(payload.length & 0xff);
            }
            f.write(new byte[] {1, 2, 3, 4});
            for (int i = 0; i < payload.length; i++) {
                f.write(payload[i] ^ (i % 4 + 1));
            }
            out.write(f.toByteArray());
            out.flush();
        }

        String next() throws IOException {
            int b0 = in.read();
            long length = in.read() & 0x7f;
            if (length == 126) {
                length = (in.read() << 8) | in.read();
            } else if (length == 127) {
                length = 0;
                for (int i = 0; i < 8; i++) {
                    length = (length << 8) | in.read();
                }
            }
            byte[] payload = in.readNBytes((int) length);
            if ((b0 & 0x0f) != 1) {
                throw new IOException("not a text frame: opcode " + (b0 & 0x0f));
            }
            return new String(payload, StandardCharsets.UTF_8);
        }

        /**
         * The answer to `request`: notifications the server pushes meanwhile (a status heartbeat, a
         * join) are skipped, since the server may send one at any time.
         */
        JsonObject call(String request) throws IOException {
            send(request);
            while (true) {
                JsonObject frame = JsonParser.parseString(next()).getAsJsonObject();
                boolean notification = frame.has("method") && !frame.has("id");
                if (!notification) {
                    return frame;
                }
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}

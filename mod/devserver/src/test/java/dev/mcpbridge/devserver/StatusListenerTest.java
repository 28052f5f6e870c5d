package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Server List Ping: a handshake and a status request give vanilla's status JSON. */
class StatusListenerTest {
    @Test
    void statusNamesTheMinecraftVersionAndPlayers() throws Exception {
        try (Devserver server = TestServers.start("--players", "Steve")) {
            JsonObject status = status(server);
            assertEquals("1.21.1", status.getAsJsonObject("version").get("name").getAsString());
            assertEquals(767, status.getAsJsonObject("version").get("protocol").getAsInt());
            assertEquals(1, status.getAsJsonObject("players").get("online").getAsInt());
        }
    }

    @Test
    void paperNamesItselfBeforeTheVersionAsPaperDoes() throws Exception {
        try (Devserver server = TestServers.start("--mc-version", "1.21.11", "--flavour", "paper-essentials")) {
            JsonObject status = status(server);
            assertEquals("Paper 1.21.11", status.getAsJsonObject("version").get("name").getAsString());
            assertEquals(774, status.getAsJsonObject("version").get("protocol").getAsInt());
        }
    }

    private static JsonObject status(Devserver server) throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.statusPort())) {
            s.setSoTimeout(5000);
            ByteArrayOutputStream hs = new ByteArrayOutputStream();
            varInt(hs, 0);
            varInt(hs, 767);
            byte[] host = "127.0.0.1".getBytes(StandardCharsets.UTF_8);
            varInt(hs, host.length);
            hs.write(host);
            new DataOutputStream(hs).writeShort(server.statusPort());
            varInt(hs, 1);
            frame(s, hs.toByteArray());
            frame(s, new byte[] {0});
            DataInputStream in = new DataInputStream(s.getInputStream());
            readVarInt(in); // packet length
            assertEquals(0, readVarInt(in));
            byte[] json = in.readNBytes(readVarInt(in));
            return JsonParser.parseString(new String(json, StandardCharsets.UTF_8)).getAsJsonObject();
        }
    }

    private static void frame(Socket s, byte[] body) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        varInt(out, body.length);
        out.write(body);
        s.getOutputStream().write(out.toByteArray());
    }

    private static void varInt(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7f) != 0) {
            out.write((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    private static int readVarInt(DataInputStream in) throws Exception {
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            int b = in.readUnsignedByte();
            v |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
    }
}

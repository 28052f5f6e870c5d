package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.config.IdempotencyLimits;
import dev.mcpbridge.devserver.rcon.RconPackets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --state-dir: the mod's write-replay cache outlives a server restart, over RCON as the bridge sees it. */
class IdempotencyJournalRestartTest {
    @TempDir
    Path state;

    private static String give(String id) {
        return "{\"version\":\"1.0.0\",\"type\":\"command\",\"id\":\"" + id + "\",\"timestamp\":1,\"source\":\"mcp\","
                + "\"payload\":{\"command\":\"give_item\",\"args\":{\"player\":\"Steve\",\"item\":\"diamond\",\"quantity\":5}}}";
    }

    private static JsonObject mcpbridge(Devserver server, String request) throws Exception {
        try (RawRcon rcon = new RawRcon(server.rconPort())) {
            rcon.login(TestServers.PASSWORD);
            rcon.send(2, RconPackets.TYPE_COMMAND, "mcpbridge " + request);
            return JsonParser.parseString(rcon.read().payload()).getAsJsonObject();
        }
    }

    private Devserver start() throws Exception {
        return TestServers.start("--players", "Steve", "--state-dir", state.toString());
    }

    @Test
    void aWriteAnsweredBeforeARestartIsReplayedAfterItAndNotRunAgain() throws Exception {
        JsonObject first;
        try (Devserver before = start()) {
            first = mcpbridge(before, give("job-restart-1"));
            assertEquals("response", first.get("type").getAsString(), first.toString());
            assertNull(first.getAsJsonObject("payload").get("replay"));
            assertTrue(before.runCommand("data get entity Steve Inventory").contains("count: 5, Slot: 0b, id: \"minecraft:diamond\""));
        }
        assertTrue(Files.readString(state.resolve(IdempotencyLimits.JOURNAL_FILE_NAME)).contains("\"id\":\"job-restart-1\""));

        try (Devserver after = start()) {
            JsonObject again = mcpbridge(after, give("job-restart-1"));
            assertEquals("response", again.get("type").getAsString(), again.toString());
            assertTrue(again.getAsJsonObject("payload").get("replay").getAsBoolean(), again.toString());
            assertEquals(first.getAsJsonObject("payload").get("data"), again.getAsJsonObject("payload").get("data"));
            assertFalse(after.runCommand("data get entity Steve Inventory").contains("diamond"), "not given by the new server");
        }
    }

    @Test
    void aWriteThatMayHaveRunBeforeARestartIsRefused() throws Exception {
        Files.writeString(state.resolve(IdempotencyLimits.JOURNAL_FILE_NAME),
                "{\"t\":\"claim\",\"id\":\"job-doubt-1\",\"at\":" + System.currentTimeMillis() + "}\n");
        try (Devserver after = start()) {
            JsonObject refused = mcpbridge(after, give("job-doubt-1"));
            assertEquals("error", refused.get("type").getAsString(), refused.toString());
            JsonObject payload = refused.getAsJsonObject("payload");
            assertEquals("SERVER_ERROR", payload.get("code").getAsString());
            assertTrue(payload.getAsJsonObject("details").get("mayHaveRun").getAsBoolean());
            assertFalse(after.runCommand("data get entity Steve Inventory").contains("diamond"), "never run");
        }
    }
}

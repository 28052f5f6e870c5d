package dev.mcpbridge.core.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.Vectors;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What the recorder emits equals the event vectors (worlds as dimension ids), and a full outbox drops the oldest. */
class EmittedEventsTest {
    static final UUID STEVE = UUID.fromString("069a79f4-44e9-4726-a5be-fca90e38aaf5");

    @Test
    void emittedEventsMatchTheVectors() throws Exception {
        Outbox outbox = new Outbox(100, new CapturingLogger());
        EventRecorder r = new EventRecorder(CoreConfig::defaults, outbox, "3f2a9c", new CapturingLogger());
        r.playerJoin("Steve", STEVE);
        r.playerQuit("Steve", STEVE);
        r.playerChat("Steve", STEVE, "Hello, world! caf\u00e9 \u2603 \ud83d\ude00");
        r.playerDeath("Steve", "Fell from a high place", "world", 100.5, 64, -200.3, "Alex");
        r.blockBreak("Steve", "minecraft:stone", "world", 100, 64, -200);
        List<String> kinds = List.of("event.player_join", "event.player_quit", "event.player_chat", "event.player_death", "event.block_break");
        List<Outbox.Entry> entries = outbox.after(0, 100, 0);
        for (int i = 0; i < kinds.size(); i++) {
            String json = entries.get(i).json();
            assertTrue(json.chars().allMatch(c -> c < 0x7f), json);
            JsonObject actual = JsonParser.parseString(json).getAsJsonObject();
            JsonObject expected = pickVector(kinds.get(i)).deepCopy();
            expected.getAsJsonObject("payload").addProperty("seq", i + 1);
            JsonObject data = expected.getAsJsonObject("payload").getAsJsonObject("data");
            if (data.has("location")) data.getAsJsonObject("location").addProperty("world", "minecraft:overworld");
            expected.addProperty("id", "3f2a9c-" + (i + 1));
            expected.add("timestamp", actual.get("timestamp"));
            assertEquals(expected, actual, kinds.get(i));
        }
    }

    /** The vector with a uuid (chat) or a killer (death) when there is one, else the first. */
    static JsonObject pickVector(String kind) {
        var file = Vectors.files().stream().filter(f -> f.get("kind").getAsString().equals(kind)).findFirst().orElseThrow();
        var valid = file.getAsJsonArray("valid").asList();
        return valid.get(valid.size() - 1).getAsJsonObject().getAsJsonObject("message");
    }

    @Test
    void aFullOutboxDropsTheOldestAndCountsIt() throws Exception {
        CapturingLogger log = new CapturingLogger();
        Outbox outbox = new Outbox(3, log);
        for (int i = 0; i < 5; i++) outbox.append(seq -> "e" + seq);
        assertEquals(List.of(3L, 4L, 5L), outbox.after(0, 10, 0).stream().map(Outbox.Entry::seq).toList());
        assertEquals(2, outbox.dropped());
        assertTrue(log.lines.stream().anyMatch(l -> l.message().contains("dropped event seq 1")), log.lines.toString());
        outbox.ack(4);
        assertEquals(List.of(5L), outbox.after(0, 10, 0).stream().map(Outbox.Entry::seq).toList());
        assertEquals(4, outbox.lastAcked());
    }
}

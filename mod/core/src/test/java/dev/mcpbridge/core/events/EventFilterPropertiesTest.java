package dev.mcpbridge.core.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.testing.CapturingLogger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

// Feature: minecraft-mcp-bridge, Property 6: only enabled event types are emitted
class EventFilterPropertiesTest {
    static final UUID ID = UUID.fromString("069a79f4-44e9-4726-a5be-fca90e38aaf5");

    @Property(tries = 200)
    void onlyEnabledTypesAreEmittedInOrderWithConsecutiveSeq(@ForAll("types") Set<EventType> enabled,
                                                            @ForAll @Size(max = 30) List<EventType> happened) throws Exception {
        AtomicReference<CoreConfig> config = new AtomicReference<>(CoreConfig.builder().enabledEvents(enabled).build());
        Outbox outbox = new Outbox(1000, new CapturingLogger());
        EventRecorder recorder = new EventRecorder(config::get, outbox, "e1", new CapturingLogger());
        happened.forEach(t -> fire(recorder, t));

        List<String> expected = happened.stream().filter(enabled::contains).map(EventType::wireName).toList();
        List<String> emitted = new ArrayList<>();
        long seq = 0;
        for (Outbox.Entry e : outbox.after(0, 1000, 0)) {
            JsonObject payload = JsonParser.parseString(e.json()).getAsJsonObject().getAsJsonObject("payload");
            assertEquals(++seq, payload.get("seq").getAsLong());
            assertEquals(seq, e.seq());
            emitted.add(payload.get("eventType").getAsString());
        }
        assertEquals(expected, emitted);
    }

    @Property(tries = 100)
    void aConfigSwapChangesTheFilterForTheNextEvent(@ForAll("types") Set<EventType> before, @ForAll("types") Set<EventType> after,
                                                   @ForAll EventType type) throws Exception {
        AtomicReference<CoreConfig> config = new AtomicReference<>(CoreConfig.builder().enabledEvents(before).build());
        Outbox outbox = new Outbox(10, new CapturingLogger());
        EventRecorder recorder = new EventRecorder(config::get, outbox, "e1", new CapturingLogger());
        fire(recorder, type);
        config.set(CoreConfig.builder().enabledEvents(after).build());
        fire(recorder, type);
        assertEquals((before.contains(type) ? 1 : 0) + (after.contains(type) ? 1 : 0), outbox.size());
    }

    @Provide
    Arbitrary<Set<EventType>> types() {
        return Arbitraries.of(EventType.class).set().ofMaxSize(5);
    }

    static void fire(EventRecorder r, EventType t) {
        switch (t) {
            case PLAYER_JOIN -> r.playerJoin("Steve", ID);
            case PLAYER_QUIT -> r.playerQuit("Steve", ID);
            case PLAYER_CHAT -> r.playerChat("Steve", ID, "hi");
            case PLAYER_DEATH -> r.playerDeath("Steve", "fell", "world", 1, 2, 3, null);
            case BLOCK_BREAK -> r.blockBreak("Steve", "minecraft:stone", "world_nether", 1, 2, 3);
        }
    }
}

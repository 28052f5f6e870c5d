package dev.mcpbridge.core.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mcpbridge.core.CoreStatus;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import dev.mcpbridge.core.testing.TinyWebSocketServer;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The real emitter against a real (tiny) WebSocket server on 127.0.0.1. */
@Timeout(30)
class EventEmitterTest {
    static final UUID ID = UUID.fromString("069a79f4-44e9-4726-a5be-fca90e38aaf5");

    static McpBridgeCore core(TinyWebSocketServer server, int outboxSize) {
        CoreConfig config = CoreConfig.builder().serverId("survival").bridgeUrl(server.url()).bridgeToken("s3cret")
                .reconnectBaseMs(20).reconnectMaxMs(200).outboxSize(outboxSize).build();
        return new McpBridgeCore(new FakeGame(), config, new CapturingLogger());
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 15_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) throw new AssertionError("timed out waiting for " + what);
            Thread.sleep(10);
        }
    }

    @Test
    void afterADroppedConnectionEveryEventArrivesExactlyOnceInSeqOrder() throws Exception {
        try (TinyWebSocketServer server = new TinyWebSocketServer("s3cret")) {
            boolean[] droppedOnce = {false};
            server.dropOn = seq -> {
                if (seq == 7 && !droppedOnce[0]) return droppedOnce[0] = true;
                return false;
            };
            try (McpBridgeCore core = core(server, 1000)) {
                for (int i = 0; i < 20; i++) core.events().playerChat("Steve", ID, "before " + i);
                core.start();
                await(() -> server.stored.size() >= 10, "the first events");
                for (int i = 0; i < 20; i++) core.events().blockBreak("Steve", "minecraft:stone", "world", i, 64, 0);
                await(() -> server.stored.size() == 40, "all 40 events, got " + server.stored);
                assertEquals(LongStream.rangeClosed(1, 40).boxed().toList(), List.copyOf(server.stored));
                assertEquals(0, server.duplicates);
                assertTrue(server.connections >= 2, "reconnected: " + server.connections);
                assertTrue(server.authorizations.stream().allMatch("Bearer s3cret"::equals));
                await(() -> core.status().lastAckedSeq() == 40, "the last ack");
                CoreStatus status = core.status();
                assertEquals(0, status.outboxSize());
                assertTrue(status.emitterConnected());
                assertEquals("survival", server.hellos.get(0).get("serverId").getAsString());
                assertEquals(status.epoch(), server.hellos.get(0).get("epoch").getAsString());
                assertEquals(1, server.hellos.get(0).get("resumeSeq").getAsLong());
            }
        }
    }

    @Test
    void aFullOutboxDropsTheOldestCountsItAndReportsItInHello() throws Exception {
        try (TinyWebSocketServer server = new TinyWebSocketServer("s3cret"); McpBridgeCore core = core(server, 5)) {
            for (int i = 0; i < 8; i++) core.events().playerJoin("Steve", ID);
            assertEquals(3, core.status().droppedEvents());
            assertEquals(5, core.status().outboxSize());
            core.start();
            await(() -> server.stored.size() == 5, "the 5 kept events");
            assertEquals(List.of(4L, 5L, 6L, 7L, 8L), List.copyOf(server.stored));
            assertEquals(3, server.hellos.get(0).get("droppedEvents").getAsLong());
            // Seqs 1..3 are gone from the outbox: the hello declares the gap so the bridge accepts it.
            assertEquals(4, server.hellos.get(0).get("resumeSeq").getAsLong());
        }
    }

    @Test
    void aWrongTokenNeverGetsASessionAndNothingBlocks() throws Exception {
        try (TinyWebSocketServer server = new TinyWebSocketServer("other"); McpBridgeCore core = core(server, 10)) {
            core.start();
            long start = System.nanoTime();
            for (int i = 0; i < 1000; i++) core.events().playerChat("Steve", ID, "x");
            assertTrue(System.nanoTime() - start < 2_000_000_000L, "recording never waits on the network");
            await(() -> server.authorizations.size() >= 2, "retries with backoff");
            assertTrue(server.stored.isEmpty());
            assertTrue(!core.status().emitterConnected());
        }
    }
}

package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code sim output <chars>}: a command with an answer as long as a test needs (bounds of what is stored). */
class SimOutputTest {
    @Test
    void simOutputAnswersThatManyCharacters() throws Exception {
        try (Devserver server = TestServers.start()) {
            assertTrue(server.runCommand("sim output 2500").matches("(0123456789){250}"));
            assertEquals(1_000_000, server.runCommand("sim output 1000000").length());
        }
    }
}

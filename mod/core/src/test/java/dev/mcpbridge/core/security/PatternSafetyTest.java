package dev.mcpbridge.core.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mcpbridge.core.testing.CapturingLogger;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PatternSafetyTest {
    @Test
    void catastrophicAndBrokenPatternsAreRefused() {
        for (String bad : List.of("(a+)+", "(.*)*", "say (x{2,})+", "((ab)*c)+", "(a|b+)*", "say (", "[", "(a)\\1", "")) {
            assertNotNull(PatternSafety.problem(bad), bad);
        }
        for (String ok : List.of("say .+", "tp [A-Za-z0-9_]{1,16} (-?[0-9]+ ){2}-?[0-9]+", "time query (daytime|gametime|day)",
                "list( uuids)?", "weather (clear|rain|thunder)( [0-9]+[dst]?)?", "data get entity [a-z(+)*]+")) {
            assertNull(PatternSafety.problem(ok), ok);
        }
    }

    @Test
    void refusedPatternsAreLoggedAndAllowNothing() {
        CapturingLogger log = new CapturingLogger();
        CommandGate gate = new CommandGate(List.of("(a+)+b", "say .+"), 256, log);
        assertEquals(List.of("(a+)+b"), List.copyOf(gate.rejectedPatterns().keySet()));
        assertEquals(1, log.errors().size());
        assertTrue(log.errors().get(0).message().contains("(a+)+b"));
        assertFalse(gate.allowed("aaaab"));
        assertTrue(gate.allowed("say hi"));
    }

    @Test
    void aMissedCatastrophicPatternStillCannotHangAMatch() {
        Pattern evil = Pattern.compile("(a|aa)*c"); // overlapping alternation, not caught by the nesting check
        long start = System.nanoTime();
        assertFalse(PatternSafety.matches(evil, "a".repeat(60)));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "bounded");
        assertTrue(PatternSafety.matches(evil, "aaac"));
    }
}

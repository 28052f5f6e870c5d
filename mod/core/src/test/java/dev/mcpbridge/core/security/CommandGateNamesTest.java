package dev.mcpbridge.core.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.testing.CapturingLogger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A refused command name says what is wrong with it: uppercase letters, a leading space, other characters. */
class CommandGateNamesTest {
    private final CommandGate gate = new CommandGate(List.of(".*"), 256, new CapturingLogger());

    private String refusal(String command) {
        return assertThrows(BridgeException.class, () -> gate.check(command)).getMessage();
    }

    @Test
    void uppercaseNamesAreNamedAsSuchWithTheLowercaseSpelling() {
        String message = refusal("OP Steve");
        assertTrue(message.contains("the command name 'OP' has uppercase letters"), message);
        assertTrue(message.contains("('op')"), message);
        assertTrue(refusal("Say hi").contains("('say')"));
    }

    @Test
    void aLeadingSpaceIsNamedNotAnEmptyCommandName() {
        String message = refusal(" op Steve");
        assertTrue(message.contains("it starts with a space"), message);
        assertTrue(!message.contains("command name ''"), message);
        assertTrue(refusal("/ say hi").contains("it starts with a space"));
    }

    @Test
    void otherCharactersListWhatANameMayHold() {
        assertTrue(refusal("s@y hi").contains("not a plain ASCII name (letters a-z, digits, _ . : -)"));
        assertEquals("say hi", gate.check("/say hi"));
    }
}

package dev.mcpbridge.core.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.Vectors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The shared security vectors (shared/vectors/security), read here and by the TypeScript tests
 * (shared/tests/unit/security/gate-vectors.test.ts): this gate, pattern-safety check and command display
 * must give exactly the verdicts the vectors give, so the mod and vanilla mode refuse the same commands.
 */
class SecurityVectorsTest {
    static JsonObject read(String name) throws IOException {
        return JsonParser.parseString(Files.readString(Vectors.dir().resolve("security/" + name), StandardCharsets.UTF_8))
                .getAsJsonObject();
    }

    static CommandGate vectorGate(JsonObject vectors, CapturingLogger log) {
        List<String> patterns = vectors.getAsJsonArray("patterns").asList().stream().map(JsonElement::getAsString).toList();
        return new CommandGate(patterns, vectors.get("maxLength").getAsInt(), log);
    }

    @Test
    void everyVectorPatternIsAccepted() throws IOException {
        CapturingLogger log = new CapturingLogger();
        assertEquals(0, vectorGate(read("command-gate.json"), log).rejectedPatterns().size());
        assertEquals(0, log.errors().size());
    }

    @TestFactory
    Stream<DynamicTest> theGateGivesTheVectorsVerdicts() throws IOException {
        JsonObject vectors = read("command-gate.json");
        CommandGate gate = vectorGate(vectors, new CapturingLogger());
        return vectors.getAsJsonArray("cases").asList().stream().map(JsonElement::getAsJsonObject)
                .map(c -> DynamicTest.dynamicTest(c.get("name").getAsString(), () -> {
                    String command = c.get("command").getAsString();
                    String outcome = c.get("outcome").getAsString();
                    CommandGate.Verdict verdict = gate.verdict(command);
                    if (outcome.equals("allowed")) {
                        assertTrue(verdict.allowed(), () -> "refused (" + verdict.kind() + ": " + verdict.why() + ")");
                        assertEquals(c.get("runs").getAsString(), gate.check(command));
                    } else {
                        assertEquals(outcome, verdict.code() == null ? "allowed" : verdict.code().name());
                        assertEquals(c.get("kind").getAsString(), verdict.kind(), verdict.why());
                        assertEquals(c.get("display").getAsString(), verdict.display());
                        BridgeException thrown = assertThrows(BridgeException.class, () -> gate.check(command));
                        assertEquals(outcome, thrown.code().name());
                        assertEquals(c.get("display").getAsString(), thrown.details().get("command").getAsString());
                        assertTrue(thrown.getMessage().chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f),
                                () -> "the message shows the command raw: " + thrown.getMessage());
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> commandsAreDisplayedEscapedAsTheVectorsSay() throws IOException {
        return read("command-gate.json").getAsJsonArray("display").asList().stream().map(JsonElement::getAsJsonObject)
                .map(d -> DynamicTest.dynamicTest(d.get("name").getAsString(), () ->
                        assertEquals(d.get("display").getAsString(), CommandGate.display(d.get("text").getAsString()))));
    }

    @TestFactory
    Stream<DynamicTest> patternSafetyGivesTheVectorsVerdicts() throws IOException {
        return read("pattern-safety.json").getAsJsonArray("cases").asList().stream().map(JsonElement::getAsJsonObject)
                .map(c -> {
                    String pattern = c.get("pattern").getAsString();
                    String name = "'" + (pattern.length() > 60 ? pattern.substring(0, 60) + "..." : pattern) + "' (" + pattern.length() + " chars)";
                    return DynamicTest.dynamicTest(name, () -> {
                        if (c.get("outcome").getAsString().equals("ok")) assertNull(PatternSafety.problem(pattern));
                        else assertNotNull(PatternSafety.problem(pattern));
                    });
                });
    }
}

package dev.mcpbridge.core.security;

import static dev.mcpbridge.core.testing.Requests.command;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

// Feature: minecraft-mcp-bridge, Property 7: commands not matching the whitelist are rejected and never executed
class WhitelistPropertiesTest {
    static final List<String> PATTERNS = List.of("say .+", "list", "tp [A-Za-z0-9_]{1,16} -?[0-9]+ -?[0-9]+ -?[0-9]+",
            "give [A-Za-z0-9_]{1,16} minecraft:[a-z_]+ [0-9]{1,4}", "execute as [A-Za-z0-9_]{1,16} run .+");
    static final List<Pattern> COMPILED = PATTERNS.stream().map(Pattern::compile).toList();
    static final int MAX = 120;

    record Outcome(String answerCode, List<String> executed) {}

    static Outcome run(String cmd) {
        FakeGame game = new FakeGame();
        McpBridgeCore core = new McpBridgeCore(game,
                CoreConfig.builder().allowedCommandPatterns(PATTERNS).maxCommandLength(MAX).build(), new CapturingLogger());
        JsonObject request = command("execute_command", "{}");
        request.getAsJsonObject("payload").getAsJsonObject("args").addProperty("command", cmd);
        JsonObject answer = parse(core.handleCommand(request.toString()));
        return new Outcome(errorCode(answer), game.executedCommands);
    }

    static boolean whitelisted(String c) {
        return COMPILED.stream().anyMatch(p -> p.matcher(c).matches());
    }

    @Property(tries = 300)
    void anythingThatReachesTheGameMatchesAPatternAndIsOneCleanCommand(@ForAll("anyCommand") String cmd) {
        Outcome o = run(cmd);
        for (String executed : o.executed()) {
            assertTrue(whitelisted(executed), "executed a command no pattern allows: " + executed);
            assertTrue(executed.length() <= MAX);
            assertTrue(executed.chars().noneMatch(c -> Character.isISOControl(c) || c == ';'), executed);
            assertTrue(!executed.contains("&&") && !executed.contains("||"), executed);
        }
        if (!o.executed().isEmpty()) assertEquals(1, o.executed().size());
    }

    @Property(tries = 200)
    void smuggledSecondCommandsAreRefusedBeforeTheGame(@ForAll("smuggled") String cmd) {
        Outcome o = run(cmd);
        assertTrue(o.executed().isEmpty(), "reached the game: " + cmd);
        assertTrue(List.of("PERMISSION_DENIED", "INVALID_ARGS").contains(o.answerCode()), cmd + " -> " + o.answerCode());
    }

    @Property(tries = 100)
    void fullwidthLookAlikesAreRefused(@ForAll("lookAlike") String cmd) {
        Outcome o = run(cmd);
        assertTrue(o.executed().isEmpty(), "reached the game: " + cmd);
        assertEquals("PERMISSION_DENIED", o.answerCode());
    }

    @Property(tries = 100)
    void overlongCommandsAreRefused(@ForAll("overlong") String cmd) {
        Outcome o = run(cmd);
        assertTrue(o.executed().isEmpty());
        assertEquals("INVALID_ARGS", o.answerCode());
    }

    @Property(tries = 100)
    void cleanWhitelistedCommandsDoReachTheGame(@ForAll("clean") String cmd) {
        Outcome o = run(cmd);
        assertEquals(List.of(cmd.startsWith("/") ? cmd.substring(1) : cmd), o.executed());
    }

    @Provide
    Arbitrary<String> anyCommand() {
        Arbitrary<String> noise = Arbitraries.strings().all().ofMaxLength(40);
        Arbitrary<String> prefix = Arbitraries.of("say ", "list", "/say ", "tp Steve ", "execute as Steve run ", "give Steve ", "op ");
        return Arbitraries.oneOf(noise, Combinators.combine(prefix, noise).as(String::concat), smuggled(), lookAlike());
    }

    @Provide
    Arbitrary<String> smuggled() {
        Arbitrary<String> allowed = Arbitraries.of("say hi", "list", "tp Steve 1 2 3", "give Steve minecraft:dirt 1");
        Arbitrary<String> sep = Arbitraries.of("\n", "\r\n", "\r", ";", " ; ", "&&", " && ", "||", "\u2028", "\u0000", "\u001b", "\u200b\n");
        Arbitrary<String> bad = Arbitraries.of("op Steve", "stop", "ban Alex", "/op Steve", "deop Notch", "whitelist off");
        Arbitrary<String> selector = Arbitraries.of("tp @a 0 0 0", "give @a minecraft:tnt 64", "tp @e[type=player] 1 2 3",
                "execute as @a run op @s", "execute as Steve run op Steve", "execute as Steve run stop");
        return Arbitraries.oneOf(Combinators.combine(allowed, sep, bad).as((a, s, b) -> a + s + b),
                Combinators.combine(bad, sep, allowed).as((b, s, a) -> b + s + a), selector);
    }

    @Provide
    Arbitrary<String> lookAlike() {
        return Combinators.combine(Arbitraries.of("say hi", "list", "op Steve", "stop"), Arbitraries.integers().between(0, 7))
                .as((base, at) -> {
                    int i = Math.min(at, base.length() - 1);
                    char c = base.charAt(i) == ' ' ? base.charAt(0) : base.charAt(i);
                    int pos = base.charAt(i) == ' ' ? 0 : i;
                    return base.substring(0, pos) + (char) (c + 0xFEE0) + base.substring(pos + 1);
                });
    }

    @Provide
    Arbitrary<String> overlong() {
        return Arbitraries.strings().withCharRange('a', 'z').ofMinLength(MAX - 3).ofMaxLength(900).map(s -> "say " + s);
    }

    @Provide
    Arbitrary<String> clean() {
        Arbitrary<String> words = Arbitraries.strings().withCharRange('a', 'z').withChars("é☃ ,.!?").ofMinLength(1).ofMaxLength(40)
                .filter(s -> !s.isBlank());
        Arbitrary<String> coords = Arbitraries.integers().between(-1000, 1000).map(String::valueOf);
        return Arbitraries.oneOf(words.map(w -> "say " + w), words.map(w -> "/say " + w), Arbitraries.just("list"),
                Combinators.combine(coords, coords, coords).as((x, y, z) -> "tp Steve " + x + " " + y + " " + z));
    }
}

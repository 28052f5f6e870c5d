package dev.mcpbridge.core.dispatch;

import static dev.mcpbridge.core.testing.Requests.data;
import static dev.mcpbridge.core.testing.Requests.envelope;
import static dev.mcpbridge.core.testing.Requests.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.config.IdempotencyLimits;
import dev.mcpbridge.core.spi.GameAccess.CommandResult;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, item 6: one 40 MB command answer was kept whole in the idempotency cache and its journal.
 * What is kept is bounded by maxResultBytes, and a cut answer says so.
 */
class IdempotencyAnswerBoundTest {
    static final int FORTY_MB = 40 * 1024 * 1024;
    static final int LIMIT = 64 * 1024;

    @TempDir
    Path dir;

    McpBridgeCore core(FakeGame game) {
        IdempotencyLimits limits = IdempotencyLimits.defaults().withJournal(dir.resolve("journal.jsonl"), false)
                .withMaxResultBytes(LIMIT);
        return new McpBridgeCore(game, CoreConfig.builder().allowedCommandPatterns(List.of("big"))
                .idempotency(limits).build(), new CapturingLogger());
    }

    static FakeGame bigGame() {
        FakeGame game = new FakeGame();
        game.commands = cmd -> new CommandResult(true, 1, List.of("x".repeat(FORTY_MB)));
        return game;
    }

    static String output(String answer) {
        return data(parse(answer)).getAsJsonObject().get("output").getAsString();
    }

    static String run(McpBridgeCore core) {
        JsonObject request = envelope("command", "execute_command", "{\"command\":\"big\"}", "big-1");
        return core.handleCommand(request.toString());
    }

    @Test
    void aFortyMegabyteAnswerIsKeptCutToTheLimitInTheCacheAndTheJournal() throws IOException {
        FakeGame game = bigGame();
        McpBridgeCore first = core(game);
        assertEquals(FORTY_MB, output(run(first)).length(), "the caller of the first run gets the whole answer");

        long journalBytes = Files.size(dir.resolve("journal.jsonl"));
        assertTrue(journalBytes < LIMIT + 1024, "journal holds " + journalBytes + " bytes");

        String replay = run(first);
        assertTrue(replay.length() < LIMIT + 1024, "replayed answer is " + replay.length() + " chars");
        String cut = output(replay);
        assertTrue(cut.startsWith("xxxx"));
        assertTrue(cut.endsWith("[cut: kept " + (cut.indexOf(" ...[cut") ) + " of " + FORTY_MB
                + " chars; the answer was over the 65536-byte limit of the mod's idempotency cache]"), cut.substring(cut.length() - 150));
        assertEquals(1, game.executedCommands.size(), "the replay did not run it again");
        first.close();

        FakeGame after = bigGame();
        McpBridgeCore restarted = core(after);
        assertEquals(cut, output(run(restarted)), "after a restart the journal replays the same cut answer");
        assertEquals(List.of(), after.executedCommands);
        restarted.close();
    }

    @Test
    void anAnswerWithinTheLimitIsKeptWhole() {
        FakeGame game = new FakeGame();
        game.commands = cmd -> new CommandResult(true, 1, List.of("y".repeat(LIMIT / 2)));
        McpBridgeCore core = core(game);
        String whole = output(run(core));
        assertEquals(whole, output(run(core)));
        assertEquals(LIMIT / 2, whole.length());
        core.close();
    }
}

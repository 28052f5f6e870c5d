package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The devserver's --allow adds to the mod's default allow-list; with --no-default-allow the --allow patterns
 * REPLACE it, as allowed_patterns does in the NeoForge config (issue 11, item 4).
 */
class AllowListOptionsTest {
    static String execute(Devserver server, String command) {
        return server.runCommand("mcpbridge {\"version\":\"1.0.0\",\"type\":\"command\",\"id\":\"a-" + command.hashCode()
                + "\",\"timestamp\":1,\"source\":\"mcp\",\"payload\":{\"command\":\"execute_command\",\"args\":{\"command\":\""
                + command + "\"}}}");
    }

    static boolean denied(String answer) {
        return answer.contains("\"code\":\"PERMISSION_DENIED\"");
    }

    @Test
    void allowAddsToTheDefaults() throws Exception {
        try (Devserver server = TestServers.start("--players", "Steve", "--allow", "seed")) {
            assertTrue(!denied(execute(server, "seed")));
            assertTrue(!denied(execute(server, "list")), "a default pattern still applies");
            assertTrue(denied(execute(server, "give @a minecraft:tnt 64")), "the defaults refuse selectors");
        }
    }

    @Test
    void noDefaultAllowReplacesTheDefaultsWithTheAllowPatterns() throws Exception {
        try (Devserver server = TestServers.start("--players", "Steve", "--no-default-allow", "--allow", "seed")) {
            assertTrue(!denied(execute(server, "seed")));
            String list = execute(server, "list");
            assertTrue(denied(list), "a default pattern must no longer apply: " + list);
        }
    }

    @Test
    void noDefaultAllowWithoutAllowRefusesEveryCommand() throws Exception {
        try (Devserver server = TestServers.start("--players", "Steve", "--no-default-allow")) {
            assertTrue(denied(execute(server, "list")));
            assertTrue(denied(execute(server, "time query daytime")));
        }
    }
}

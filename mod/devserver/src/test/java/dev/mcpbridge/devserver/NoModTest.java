package dev.mcpbridge.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import nl.vv32.rcon.Rcon;
import org.junit.jupiter.api.Test;

/** Started with --no-mod, the devserver is a vanilla server: /mcpbridge does not exist. */
class NoModTest {
    @Test
    void mcpbridgeIsAnUnknownCommandWithoutTheMod() throws Exception {
        try (Devserver server = TestServers.start("--no-mod", "--players", "Steve")) {
            assertNull(server.core());
            try (Rcon rcon = Rcon.open("127.0.0.1", server.rconPort())) {
                assertTrue(rcon.authenticate(TestServers.PASSWORD));
                String answer = rcon.sendCommand("mcpbridge {\"version\":\"1.0.0\"}");
                assertEquals("Unknown or incomplete command, see below for errormcpbridge {\"version\":\"1.0.0\"}<--[HERE]", answer);
                assertEquals("There are 1 of a max of 20 players online: Steve", rcon.sendCommand("list"));
            }
        }
    }
}

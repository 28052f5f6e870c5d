package dev.mcpbridge.core.ops;

import static dev.mcpbridge.core.testing.Requests.data;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static dev.mcpbridge.core.testing.Requests.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.config.WorldInfoLimits;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import org.junit.jupiter.api.Test;

class WorldInfoTest {
    final FakeGame game = new FakeGame();

    JsonObject ask(CoreConfig config, String args) {
        return parse(new McpBridgeCore(game, config, new CapturingLogger()).handleCommand(query("get_world_info", args).toString()));
    }

    @Test
    void paletteCountsEveryBlockAndBlocksAreNearestFirst() {
        JsonObject d = data(ask(CoreConfig.defaults(), "{\"x\":100.7,\"y\":64,\"z\":-200,\"radius\":1}")).getAsJsonObject();
        JsonArray palette = d.getAsJsonArray("palette");
        int total = 0;
        for (var p : palette) total += p.getAsJsonObject().get("count").getAsInt();
        assertEquals(27, total);
        assertEquals("{\"type\":\"minecraft:air\",\"count\":9}", palette.get(0).toString());
        JsonArray blocks = d.getAsJsonArray("blocks");
        assertEquals(18, blocks.size(), "9 grass + 9 stone");
        assertEquals("minecraft:grass_block", blocks.get(0).getAsJsonObject().get("type").getAsString(), "the centre first");
        assertEquals("{\"world\":\"minecraft:overworld\",\"x\":100,\"y\":64,\"z\":-200}", d.get("center").toString());
        assertFalse(d.get("truncated").getAsBoolean());
        assertEquals("[{\"type\":\"minecraft:player\",\"location\":{\"world\":\"minecraft:overworld\",\"x\":100.5,\"y\":64,\"z\":-200.3},\"name\":\"Steve\"}]",
                d.getAsJsonArray("entities").toString(), "only Steve is within 1 block; the cow is 5 away");
    }

    @Test
    void listsAreCutAtTheConfiguredLimitsAndSaySo() {
        CoreConfig small = CoreConfig.builder().worldInfo(new WorldInfoLimits(4, 5, 1)).build();
        JsonObject d = data(ask(small, "{\"x\":100,\"y\":64,\"z\":-200,\"radius\":4}")).getAsJsonObject();
        assertEquals(5, d.getAsJsonArray("blocks").size());
        assertEquals(1, d.getAsJsonArray("entities").size());
        assertTrue(d.get("truncated").getAsBoolean());
    }

    @Test
    void radiusAboveTheServerLimitIsInvalidArgs() {
        JsonObject a = ask(CoreConfig.defaults(), "{\"x\":0,\"y\":64,\"z\":0,\"radius\":17}");
        assertEquals("INVALID_ARGS", errorCode(a));
        assertEquals("payload.args.radius", a.getAsJsonObject("payload").getAsJsonObject("details").get("field").getAsString());
    }
}

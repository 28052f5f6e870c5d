package dev.mcpbridge.core.ops;

import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static dev.mcpbridge.core.testing.Requests.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.spi.GameAccess.EntityView;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

// Feature: minecraft-mcp-bridge, Property: get_nearby_mobs takes exactly the radius (1-128) and limit (1-32) of its schema
class NearbyMobsArgsPropertiesTest {
    final FakeGame game = new FakeGame();
    final McpBridgeCore core = new McpBridgeCore(game, CoreConfig.defaults(), new CapturingLogger());

    JsonObject ask(double radius, Double limit) {
        JsonObject request = query("get_nearby_mobs", "{\"x\":100,\"y\":64,\"z\":-200}");
        JsonObject args = request.getAsJsonObject("payload").getAsJsonObject("args");
        args.addProperty("radius", radius);
        if (limit != null) args.addProperty("limit", limit);
        return parse(core.handleCommand(request.toString()));
    }

    @Provide
    Arbitrary<Double> numbers() {
        return Arbitraries.oneOf(Arbitraries.integers().between(-300, 300).map(Integer::doubleValue),
                Arbitraries.doubles().between(-300, 300), Arbitraries.of(Double.MAX_VALUE, -0.0, 1e-9, 128.0000001));
    }

    @Property(tries = 300)
    void radiusIsAcceptedExactlyWithinItsBounds(@ForAll("numbers") double radius) {
        boolean valid = radius == Math.rint(radius) && radius >= 1 && radius <= 128;
        JsonObject answer = ask(radius, null);
        assertEquals(valid ? null : "INVALID_ARGS", errorCode(answer), "radius " + radius + ": " + answer);
    }

    @Property(tries = 300)
    void limitIsAcceptedExactlyWithinItsBoundsAndCapsTheList(@ForAll("numbers") double limit) {
        for (int i = 0; i < 40; i++) game.entities.add(new EntityView(
                "minecraft:sheep", "minecraft:overworld", 100, 64, -200 + i % 7, null));
        boolean valid = limit == Math.rint(limit) && limit >= 1 && limit <= 32;
        JsonObject answer = ask(16, limit);
        assertEquals(valid ? null : "INVALID_ARGS", errorCode(answer), "limit " + limit + ": " + answer);
        if (valid) {
            int listed = answer.getAsJsonObject("payload").getAsJsonObject("data").getAsJsonArray("mobs").size();
            assertTrue(listed <= limit, "listed " + listed + " with limit " + limit);
        }
        game.entities.clear();
    }
}

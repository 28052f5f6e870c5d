package dev.mcpbridge.core.ops;

import static dev.mcpbridge.core.testing.Requests.command;
import static dev.mcpbridge.core.testing.Requests.data;
import static dev.mcpbridge.core.testing.Requests.errorCode;
import static dev.mcpbridge.core.testing.Requests.parse;
import static dev.mcpbridge.core.testing.Requests.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.testing.CapturingLogger;
import dev.mcpbridge.core.testing.FakeGame;
import dev.mcpbridge.core.testing.Requests;
import dev.mcpbridge.core.testing.ShapeCheck;
import dev.mcpbridge.core.testing.Vectors;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every operation through the real core over a fake game: answers have the shape of shared/vectors. */
class OperationsTest {
    final FakeGame game = new FakeGame();
    final CapturingLogger log = new CapturingLogger();
    final McpBridgeCore core = new McpBridgeCore(game, CoreConfig.defaults(), log);

    /** One request per operation, keyed by the operation name. */
    static Map<String, JsonObject> oneOfEach() {
        Map<String, JsonObject> r = new LinkedHashMap<>();
        r.put("execute_command", command("execute_command", "{\"command\":\"/say Hello from the LLM!\"}"));
        r.put("send_message", command("send_message", "{\"message\":\"hi\",\"target\":\"steve\"}"));
        r.put("teleport_player", command("teleport_player", "{\"player\":\"Alex\",\"x\":1.5,\"y\":80,\"z\":-3,\"world\":\"world_nether\"}"));
        r.put("give_item", command("give_item", "{\"player\":\"Steve\",\"item\":\"diamond\",\"quantity\":64}"));
        r.put("get_online_players", query("get_online_players", "{}"));
        r.put("get_player_info", query("get_player_info", "{\"player\":\"Steve\"}"));
        r.put("get_server_info", query("get_server_info", "{}"));
        r.put("get_world_info", query("get_world_info", "{\"x\":100,\"y\":64,\"z\":-200,\"radius\":1}"));
        r.put("get_nearby_mobs", query("get_nearby_mobs", "{\"x\":100,\"y\":64,\"z\":-200,\"radius\":16}"));
        r.put("hello", query("hello", "{}"));
        return r;
    }

    @Test
    void everyOperationAnswersInTheShapeOfItsResponseVector() {
        for (Map.Entry<String, JsonObject> e : oneOfEach().entrySet()) {
            String answer = core.handleCommand(e.getValue().toString());
            assertTrue(answer.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "one ASCII line: " + answer);
            JsonObject envelope = parse(answer);
            assertEquals("response", envelope.get("type").getAsString(), e.getKey() + ": " + answer);
            assertEquals(e.getValue().get("id"), envelope.get("id"));
            assertNull(ShapeCheck.mismatch(Vectors.firstValid("response." + e.getKey()), envelope, e.getKey()), answer);
        }
    }

    @Test
    void aBatchAnswersEveryRequestInOrder() {
        List<JsonObject> requests = List.copyOf(oneOfEach().values());
        JsonArray answers = JsonParser.parseString(core.handleCommand(Requests.batch(requests.toArray(JsonObject[]::new))))
                .getAsJsonArray();
        assertEquals(requests.size(), answers.size());
        for (int i = 0; i < requests.size(); i++) {
            JsonObject a = answers.get(i).getAsJsonObject();
            assertEquals(requests.get(i).get("id"), a.get("id"));
            assertEquals("response", a.get("type").getAsString(), a.toString());
        }
    }

    @Test
    void resultsCarryWhatTheGameDid() {
        var all = oneOfEach();
        JsonObject tp = data(parse(core.handleCommand(all.get("teleport_player").toString()))).getAsJsonObject();
        assertEquals("minecraft:the_nether", tp.getAsJsonObject("location").get("world").getAsString());
        assertEquals("minecraft:the_nether", game.findPlayer("Alex").orElseThrow().world());
        JsonObject say = data(parse(core.handleCommand(all.get("execute_command").toString()))).getAsJsonObject();
        assertEquals("[Server] Hello from the LLM!", say.get("output").getAsString());
        assertEquals(List.of("say Hello from the LLM!"), game.executedCommands, "leading / stripped");
        JsonObject info = data(parse(core.handleCommand(all.get("get_server_info").toString()))).getAsJsonObject();
        assertEquals(6000, info.get("timeOfDay").getAsInt());
        assertEquals("RAIN", info.get("weather").getAsString());
        JsonObject hello = data(parse(core.handleCommand(all.get("hello").toString()))).getAsJsonObject();
        assertTrue(hello.getAsJsonArray("capabilities").toString().contains("\"idempotency\""));
        assertEquals("[\"1.0.0\"]", hello.getAsJsonArray("protocolVersions").toString());
    }

    @Test
    void sendMessageWithoutTargetBroadcastsToEveryone() {
        JsonObject d = data(parse(core.handleCommand(command("send_message", "{\"message\":\"caf\u00e9 \u2603\"}").toString())))
                .getAsJsonObject();
        assertEquals("[\"Steve\",\"Alex\"]", d.getAsJsonArray("recipients").toString());
        assertEquals(List.of("broadcast caf\u00e9 \u2603"), game.actions);
    }

    @Test
    void offlinePlayerIsPlayerNotFoundListingWhoIsOnline() {
        JsonObject a = parse(core.handleCommand(command("give_item",
                "{\"player\":\"Herobrine\",\"item\":\"diamond\",\"quantity\":1}").toString()));
        assertEquals("PLAYER_NOT_FOUND", errorCode(a));
        JsonObject p = a.getAsJsonObject("payload");
        assertTrue(p.get("message").getAsString().startsWith("Player 'Herobrine' is not online"), p.toString());
        assertEquals("Herobrine", p.getAsJsonObject("details").get("player").getAsString());
        assertEquals("[\"Steve\",\"Alex\"]", p.getAsJsonObject("details").getAsJsonArray("online").toString());
        assertTrue(game.actions.isEmpty());
    }

    @Test
    void giveItemChecksTheItemAndItsStackRules() {
        JsonObject unknown = parse(core.handleCommand(command("give_item",
                "{\"player\":\"Steve\",\"item\":\"minecraft:unobtainium\",\"quantity\":1}").toString()));
        assertEquals("INVALID_ARGS", errorCode(unknown));
        assertTrue(unknown.toString().contains("minecraft:unobtainium"), unknown.toString());
        assertEquals("payload.args.item", unknown.getAsJsonObject("payload").getAsJsonObject("details").get("field").getAsString());
        JsonObject tooMany = parse(core.handleCommand(command("give_item",
                "{\"player\":\"Steve\",\"item\":\"diamond_sword\",\"quantity\":101}").toString()));
        assertEquals("INVALID_ARGS", errorCode(tooMany));
        assertEquals("payload.args.quantity", tooMany.getAsJsonObject("payload").getAsJsonObject("details").get("field").getAsString());
        JsonObject pearls = parse(core.handleCommand(command("give_item",
                "{\"player\":\"Steve\",\"item\":\"ender_pearl\",\"quantity\":1600}").toString()));
        assertEquals("response", pearls.get("type").getAsString(), pearls.toString());
        assertEquals(1, game.actions.size());
    }

    @Test
    void worldNamesAcceptAliasesAndRefuseUnknownWorlds() {
        for (String alias : List.of("world_the_end", "the_end", "minecraft:the_end")) {
            JsonObject a = parse(core.handleCommand(command("teleport_player",
                    "{\"player\":\"Steve\",\"x\":0,\"y\":70,\"z\":0,\"world\":\"" + alias + "\"}").toString()));
            assertEquals("minecraft:the_end", data(a).getAsJsonObject().getAsJsonObject("location").get("world").getAsString());
        }
        JsonObject bad = parse(core.handleCommand(command("teleport_player",
                "{\"player\":\"Steve\",\"x\":0,\"y\":70,\"z\":0,\"world\":\"aether\"}").toString()));
        assertEquals("INVALID_ARGS", errorCode(bad));
        assertTrue(bad.toString().contains("minecraft:overworld"), "lists the loaded worlds: " + bad);
    }

    @Test
    void unsupportedMajorVersionIsSchemaErrorOnVersion() {
        JsonObject r = query("hello", "{}");
        r.addProperty("version", "2.0.0");
        JsonObject a = parse(core.handleCommand(r.toString()));
        assertEquals("SCHEMA_ERROR", errorCode(a));
        assertEquals("version", a.getAsJsonObject("payload").getAsJsonObject("details").get("field").getAsString());
        assertEquals(r.get("id"), a.get("id"));
    }

    @Test
    void badInputNeverThrowsAndAlwaysAnswersOneErrorLine() {
        String deep = "[".repeat(100_000);
        for (String input : new String[] {null, "", "   ", "{", "[]", "42", "\"x\"", deep, "[1,{}]", "{\"id\":5}"}) {
            String answer = core.handleCommand(input);
            assertTrue(!answer.contains("\n") && answer.startsWith("{") || answer.startsWith("["), answer);
            if (answer.startsWith("{")) assertEquals("error", parse(answer).get("type").getAsString(), answer);
        }
        assertTrue(game.actions.isEmpty());
    }
}

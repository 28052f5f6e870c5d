package dev.mcpbridge.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.mcpbridge.core.dispatch.RequestParser;
import dev.mcpbridge.core.events.SessionMessages;
import dev.mcpbridge.core.testing.Vectors;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every valid vector of shared/vectors: re-serialised as ASCII JSON it is the same JSON value; and
 * where the core has a typed model (requests, session hello/result/ack) it is parsed into it and
 * written back to the same value (the vector's "normalized" form when it has one).
 */
class VectorRoundTripTest {

    @TestFactory
    Stream<DynamicTest> everyValidVectorRoundTrips() {
        List<JsonObject> files = Vectors.files();
        assertFalse(files.isEmpty(), "no vector files");
        return files.stream().flatMap(file -> {
            String kind = file.get("kind").getAsString();
            return file.getAsJsonArray("valid").asList().stream().map(v -> {
                JsonObject example = v.getAsJsonObject();
                return DynamicTest.dynamicTest(kind + ": " + example.get("name").getAsString(), () -> {
                    JsonElement message = example.get("message");
                    String ascii = AsciiJson.write(message);
                    assertTrue(ascii.chars().allMatch(c -> c < 0x7f), "non-ASCII output: " + ascii);
                    assertEquals(message, JsonParser.parseString(ascii));
                    JsonElement expected = example.has("normalized") ? example.get("normalized") : message;
                    JsonElement typed = throughTypedModel(kind, message.getAsJsonObject());
                    if (typed != null) assertEquals(expected, JsonParser.parseString(AsciiJson.write(typed)));
                });
            });
        });
    }

    /** The typed round trip, or null when the kind has no typed model in the core. */
    static JsonElement throughTypedModel(String kind, JsonObject message) {
        if (kind.equals("envelope") || kind.startsWith("command.") || kind.startsWith("query.")) {
            return RequestParser.parse(message).toJson();
        }
        if (kind.equals("session.hello")) {
            JsonObject copy = message.deepCopy();
            JsonObject payload = copy.getAsJsonObject("payload");
            payload.add("args", SessionMessages.Hello.fromJson(payload.getAsJsonObject("args")).toJson());
            return copy;
        }
        if (kind.equals("session.hello_result") || kind.equals("session.ack")) {
            SessionMessages.Reply reply = SessionMessages.parseReply(message.toString());
            JsonObject data = new JsonObject();
            if (reply.hello() != null) {
                data.addProperty("version", reply.hello().version());
                data.addProperty("lastSeq", reply.hello().lastSeq());
            } else {
                assertNotNull(reply.ackSeq());
                data.addProperty("ackSeq", reply.ackSeq());
            }
            JsonObject copy = message.deepCopy();
            copy.getAsJsonObject("payload").add("data", data);
            return copy;
        }
        return null;
    }
}

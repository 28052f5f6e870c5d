package dev.mcpbridge.core.events;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.dispatch.ProtocolVersion;
import dev.mcpbridge.core.dispatch.RequestParser;
import java.util.List;

/**
 * The mod<->bridge event session of shared/src/schemas/messages.ts. Out: the session_hello query.
 * In: response envelopes whose data is a hello result {version, lastSeq} or an ack {ackSeq}, or an
 * error envelope. Anything else is SCHEMA_ERROR.
 */
public final class SessionMessages {
    private SessionMessages() {}

    /**
     * session_hello args; {@code droppedEvents} and {@code resumeSeq} may be null (omitted).
     * {@code resumeSeq} is the lowest seq the outbox still holds: the bridge stores a seq gap only
     * below it and refuses any other jump (closing the session with 4422), so a gap from outbox
     * drops during a session is declared by the hello of the next one.
     */
    public record Hello(String serverId, List<String> protocolVersions, String modVersion, String epoch,
                        Long droppedEvents, Long resumeSeq) {
        public JsonObject toJson() {
            JsonObject args = new JsonObject();
            args.addProperty("serverId", serverId);
            JsonArray versions = new JsonArray();
            protocolVersions.forEach(versions::add);
            args.add("protocolVersions", versions);
            args.addProperty("modVersion", modVersion);
            args.addProperty("epoch", epoch);
            if (droppedEvents != null) args.addProperty("droppedEvents", droppedEvents);
            if (resumeSeq != null) args.addProperty("resumeSeq", resumeSeq);
            return args;
        }

        public static Hello fromJson(JsonObject args) {
            JsonFields f = new JsonFields(args, "payload.args", ErrorCode.SCHEMA_ERROR);
            String serverId = f.string("serverId", 1, 64, null, null);
            List<String> versions = f.present("protocolVersions").getAsJsonArray().asList().stream()
                    .map(JsonElement::getAsString).toList();
            String modVersion = f.string("modVersion", 0, Integer.MAX_VALUE, null, null);
            String epoch = f.string("epoch", 1, 64, null, null);
            Double dropped = f.optionalNumber("droppedEvents", 0, Double.MAX_VALUE, true);
            Double resume = f.optionalNumber("resumeSeq", 0, Double.MAX_VALUE, true);
            return new Hello(serverId, versions, modVersion, epoch, dropped == null ? null : dropped.longValue(),
                    resume == null ? null : resume.longValue());
        }
    }

    /** What the bridge can send: exactly one of the three is set. */
    public record Reply(HelloResult hello, Long ackSeq, JsonObject error) {}

    public record HelloResult(String version, long lastSeq) {}

    public static Reply parseReply(String text) {
        JsonElement value = RequestParser.parseJson(text);
        if (!value.isJsonObject()) throw BridgeException.field(ErrorCode.SCHEMA_ERROR, "(message)", "expected a JSON object");
        JsonFields envelope = new JsonFields(value.getAsJsonObject(), "", ErrorCode.SCHEMA_ERROR);
        String type = envelope.oneOf("type", List.of("response", "error"));
        ProtocolVersion.assertCompatible(envelope.string("version", 1, Integer.MAX_VALUE, null, null));
        JsonObject payload = envelope.object("payload");
        if (type.equals("error")) return new Reply(null, null, payload);
        JsonFields data = new JsonFields(new JsonFields(payload, "payload", ErrorCode.SCHEMA_ERROR).object("data"),
                "payload.data", ErrorCode.SCHEMA_ERROR);
        if (data.has("ackSeq")) return new Reply(null, (long) data.number("ackSeq", 0, Double.MAX_VALUE, true), null);
        String version = data.string("version", 1, Integer.MAX_VALUE, null, null);
        long lastSeq = (long) data.number("lastSeq", 0, Double.MAX_VALUE, true);
        return new Reply(new HelloResult(version, lastSeq), null, null);
    }
}

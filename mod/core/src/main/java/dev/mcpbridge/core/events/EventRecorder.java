package dev.mcpbridge.core.events;

import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.mcpbridge.core.GameEvents;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.dispatch.Envelopes;
import dev.mcpbridge.core.json.AsciiJson;
import dev.mcpbridge.core.ops.Worlds;
import dev.mcpbridge.core.ops.args.ArgRules;
import dev.mcpbridge.core.spi.CoreLogger;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Platform hooks in (server thread), event envelopes out (into the outbox), exactly in the shape of
 * shared/src/schemas/events.ts. Disabled types are never recorded (docs/properties.md, #6). Never blocks, never
 * throws: an event the protocol cannot carry (e.g. a fake player with an invalid name) is skipped.
 */
public final class EventRecorder implements GameEvents {
    static final int MAX_CHAT_LENGTH = 4096;

    private final Supplier<CoreConfig> config;
    private final Outbox outbox;
    private final String epoch;
    private final CoreLogger log;

    public EventRecorder(Supplier<CoreConfig> config, Outbox outbox, String epoch, CoreLogger log) {
        this.config = config;
        this.outbox = outbox;
        this.epoch = epoch;
        this.log = log;
    }

    @Override
    public void playerJoin(String player, UUID uuid) {
        record(EventType.PLAYER_JOIN, player, () -> {
            JsonObject d = playerData(player);
            d.addProperty("uuid", uuid.toString());
            return d;
        });
    }

    @Override
    public void playerQuit(String player, UUID uuid) {
        record(EventType.PLAYER_QUIT, player, () -> {
            JsonObject d = playerData(player);
            d.addProperty("uuid", uuid.toString());
            return d;
        });
    }

    @Override
    public void playerChat(String player, UUID uuid, String message) {
        record(EventType.PLAYER_CHAT, player, () -> {
            JsonObject d = playerData(player);
            String text = message == null ? "" : message;
            d.addProperty("message", text.length() > MAX_CHAT_LENGTH ? text.substring(0, MAX_CHAT_LENGTH) : text);
            if (uuid != null) d.addProperty("uuid", uuid.toString());
            return d;
        });
    }

    @Override
    public void playerDeath(String player, String cause, String world, double x, double y, double z, String killer) {
        record(EventType.PLAYER_DEATH, player, () -> {
            JsonObject d = playerData(player);
            d.addProperty("cause", cause == null || cause.isBlank() ? "unknown" : cause);
            d.add("location", Worlds.location(world, x, y, z));
            d.add("killer", killer == null ? JsonNull.INSTANCE : new JsonPrimitive(killer));
            return d;
        });
    }

    @Override
    public void blockBreak(String player, String blockType, String world, int x, int y, int z) {
        record(EventType.BLOCK_BREAK, player, () -> {
            JsonObject d = playerData(player);
            d.addProperty("blockType", blockType == null || blockType.isBlank() ? "unknown" : blockType);
            d.add("location", Worlds.location(world, x, y, z));
            return d;
        });
    }

    private void record(EventType type, String player, Supplier<JsonObject> data) {
        try {
            if (!config.get().eventEnabled(type)) return;
            if (player == null || !ArgRules.PLAYER_NAME.matcher(player).matches()) {
                log.warn("Skipping " + type.wireName() + " event: '" + player + "' is not a valid player name");
                return;
            }
            JsonObject body = data.get();
            outbox.append(seq -> AsciiJson.write(envelope(epoch, type, seq, body)));
        } catch (RuntimeException e) {
            log.error("Could not record a " + type.wireName() + " event for " + player + ": " + e, e);
        }
    }

    /** The event envelope; its id is {@code <epoch>-<seq>}, unique per core start. */
    public static JsonObject envelope(String epoch, EventType type, long seq, JsonElement data) {
        JsonObject payload = new JsonObject();
        payload.addProperty("eventType", type.wireName());
        payload.addProperty("seq", seq);
        payload.add("data", data);
        return Envelopes.envelope("event", epoch + "-" + seq, payload);
    }

    private static JsonObject playerData(String player) {
        JsonObject d = new JsonObject();
        d.addProperty("player", player);
        return d;
    }
}

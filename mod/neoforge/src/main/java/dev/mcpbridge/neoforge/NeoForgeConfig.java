// Checked against every line in versions/ (Mojang names); calls that differ live in src/mc<line>/java; see API-NOTES.md.
package dev.mcpbridge.neoforge;

import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.config.IdempotencyLimits;
import dev.mcpbridge.core.config.WorldInfoLimits;
import dev.mcpbridge.core.events.EventType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import net.neoforged.neoforge.common.ModConfigSpec;

/**
 * config/minecraft-mcp-bridge.toml (the keys of the original design plus server id, outbox and limits) mapped into
 * the core's {@link CoreConfig}. NeoForge validates each value against this spec and resets a bad one to
 * its default (with a log line), so {@link #toCoreConfig()} normally sees sane values; what the core still
 * rejects is reported by the caller.
 */
final class NeoForgeConfig {
    static final String FILE_NAME = "minecraft-mcp-bridge.toml";

    final ModConfigSpec spec;
    private final ModConfigSpec.ConfigValue<String> url;
    private final ModConfigSpec.ConfigValue<String> authToken;
    private final ModConfigSpec.ConfigValue<String> serverId;
    private final ModConfigSpec.IntValue reconnectAttempts;
    private final ModConfigSpec.LongValue reconnectDelay;
    private final ModConfigSpec.LongValue reconnectMaxDelay;
    private final ModConfigSpec.IntValue outboxSize;
    private final ModConfigSpec.ConfigValue<List<? extends String>> enabledEvents;
    private final ModConfigSpec.ConfigValue<List<? extends String>> allowedPatterns;
    private final ModConfigSpec.IntValue maxCommandLength;
    private final ModConfigSpec.IntValue worldMaxRadius;
    private final ModConfigSpec.IntValue worldMaxBlocks;
    private final ModConfigSpec.IntValue worldMaxEntities;
    private final ModConfigSpec.IntValue idempotencyCapacity;
    private final ModConfigSpec.LongValue idempotencyTtlSeconds;
    private final ModConfigSpec.ConfigValue<String> idempotencyJournal;
    private final ModConfigSpec.ConfigValue<Boolean> idempotencyJournalFsync;
    private final ModConfigSpec.IntValue idempotencyMaxResultBytes;

    NeoForgeConfig() {
        CoreConfig defaults = CoreConfig.defaults(); // one place for every default: the core's
        ModConfigSpec.Builder b = new ModConfigSpec.Builder();
        b.push("bridge");
        url = b.comment("WebSocket URL of the bridge's event endpoint, e.g. ws://127.0.0.1:8080/events.",
                "Empty = do not send events.").define("url", "", NeoForgeConfig::isBridgeUrl);
        authToken = b.comment("Bearer token for the event endpoint (keep this file private).")
                .define("auth_token", "", v -> v instanceof String);
        serverId = b.comment("Id of this Minecraft server in the bridge: 1-64 of A-Z a-z 0-9 _ -.")
                .define("server_id", defaults.serverId(), v -> v instanceof String s && s.matches("[A-Za-z0-9_-]{1,64}"));
        reconnectAttempts = b.comment("Consecutive failed connects before giving up; -1 = keep trying.")
                .defineInRange("reconnect_attempts", defaults.reconnectAttempts(), -1, 1_000_000);
        reconnectDelay = b.comment("First reconnect delay in ms; doubles per failure, with jitter.")
                .defineInRange("reconnect_delay", defaults.reconnectBaseMs(), 1L, 600_000L);
        reconnectMaxDelay = b.comment("Largest reconnect delay in ms (raised to reconnect_delay if lower).")
                .defineInRange("reconnect_max_delay", defaults.reconnectMaxMs(), 1L, 3_600_000L);
        outboxSize = b.comment("Events kept until the bridge acknowledges them; when full the oldest is dropped.")
                .defineInRange("outbox_size", defaults.outboxSize(), 1, 1_000_000);
        b.pop();

        b.push("events");
        enabledEvents = b.comment("Events sent to the bridge: " + wireNames() + ". Others are never sent.")
                .defineListAllowEmpty("enabled", wireNames(defaults.enabledEvents()), () -> "player_join",
                        NeoForgeConfig::isEventName);
        b.pop();

        b.push("commands");
        allowedPatterns = b.comment("Regexes a whole command must match (anchored, without the leading /).",
                        "Commands run by execute_command and built by the other operations are checked.")
                .defineListAllowEmpty("allowed_patterns", defaults.allowedCommandPatterns(), () -> "list",
                        NeoForgeConfig::isRegex);
        b.pop();

        b.push("security");
        maxCommandLength = b.comment("Longest accepted command, in characters.")
                .defineInRange("max_command_length", defaults.maxCommandLength(), 1, CoreConfig.MAX_COMMAND_LENGTH_CAP);
        b.pop();

        b.push("limits");
        worldMaxRadius = b.comment("Largest get_world_info radius.")
                .defineInRange("world_info_max_radius", defaults.worldInfo().maxRadius(), 0, WorldInfoLimits.PROTOCOL_MAX_RADIUS);
        worldMaxBlocks = b.comment("Non-air blocks listed by get_world_info before it says truncated.")
                .defineInRange("world_info_max_blocks", defaults.worldInfo().maxBlocksListed(), 0, 100_000);
        worldMaxEntities = b.comment("Entities listed by get_world_info before it says truncated.")
                .defineInRange("world_info_max_entities", defaults.worldInfo().maxEntities(), 0, 10_000);
        idempotencyCapacity = b.comment("Write request ids remembered for replay.")
                .defineInRange("idempotency_capacity", defaults.idempotency().capacity(), 1, 1_000_000);
        idempotencyTtlSeconds = b.comment("How long a write request id is remembered, in seconds.")
                .defineInRange("idempotency_ttl_seconds", defaults.idempotency().ttlSeconds(), 1L, 86_400L);
        // Unlike the core's default (memory only), a server keeps the journal: a restart must not turn a
        // retried write into a second one. A configured path rather than one derived from the world: the
        // adapter asks the server for no directories, and a plain path lets the owner keep the file anywhere.
        idempotencyJournal = b.comment("File that keeps the remembered write request ids across server restarts, so a",
                        "write the bridge retries after a crash is not run twice. Empty = memory only (a write whose",
                        "answer a crash lost may then run again). A relative path is resolved against the server",
                        "directory. Read when the server starts.")
                .define("idempotency_journal", IdempotencyLimits.JOURNAL_FILE_NAME, v -> v instanceof String);
        idempotencyJournalFsync = b.comment("Sync that file to disk before each write runs. Off: it survives a crash of the",
                        "server process. On: also an OS crash or power loss, at one disk sync per /mcpbridge call.")
                .define("idempotency_journal_fsync", defaults.idempotency().journalFsync(), v -> v instanceof Boolean);
        idempotencyMaxResultBytes = b.comment("Longest answer kept for replay (in memory and in that file), in bytes. A longer",
                        "one is kept with its longest text cut and marked; the first caller still gets it whole.")
                .defineInRange("idempotency_max_result_bytes", defaults.idempotency().maxResultBytes(),
                        IdempotencyLimits.MIN_MAX_RESULT_BYTES, 64 * 1024 * 1024);
        b.pop();
        spec = b.build();
    }

    /** Reads the current file values; throws IllegalArgumentException naming the bad value. */
    CoreConfig toCoreConfig() {
        Set<EventType> events = EnumSet.noneOf(EventType.class);
        for (String name : enabledEvents.get()) EventType.fromWireName(name).ifPresent(events::add);
        long delay = reconnectDelay.get();
        return CoreConfig.builder()
                .serverId(serverId.get())
                .bridgeUrl(url.get())
                .bridgeToken(authToken.get().isEmpty() ? null : authToken.get())
                .reconnectAttempts(reconnectAttempts.get())
                .reconnectBaseMs(delay)
                .reconnectMaxMs(Math.max(delay, reconnectMaxDelay.get()))
                .outboxSize(outboxSize.get())
                .enabledEvents(events)
                .allowedCommandPatterns(new ArrayList<>(allowedPatterns.get()))
                .maxCommandLength(maxCommandLength.get())
                .worldInfo(new WorldInfoLimits(worldMaxRadius.get(), worldMaxBlocks.get(), worldMaxEntities.get()))
                .idempotency(new IdempotencyLimits(idempotencyCapacity.get(), idempotencyTtlSeconds.get(),
                        idempotencyJournal.get().isBlank() ? null : Path.of(idempotencyJournal.get()),
                        idempotencyJournalFsync.get(), idempotencyMaxResultBytes.get()))
                .build();
    }

    private static List<String> wireNames() {
        return wireNames(EnumSet.allOf(EventType.class));
    }

    /** In the enum's order (a Set's own order is unspecified). */
    private static List<String> wireNames(Set<EventType> types) {
        return Arrays.stream(EventType.values()).filter(types::contains).map(EventType::wireName).toList();
    }

    private static boolean isBridgeUrl(Object v) {
        return v instanceof String s && (s.isEmpty() || s.startsWith("ws://") || s.startsWith("wss://"));
    }

    private static boolean isEventName(Object v) {
        return v instanceof String s && EventType.fromWireName(s).isPresent();
    }

    private static boolean isRegex(Object v) {
        if (!(v instanceof String s)) return false;
        try {
            Pattern.compile(s);
            return true;
        } catch (PatternSyntaxException e) {
            return false;
        }
    }
}

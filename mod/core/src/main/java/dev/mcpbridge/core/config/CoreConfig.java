package dev.mcpbridge.core.config;

import dev.mcpbridge.core.events.EventType;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The core's whole configuration, immutable; {@code McpBridgeCore.applyConfig} swaps it atomically.
 * Build one with {@link #builder()} (starting from the defaults) or {@link Builder#from(CoreConfig)}.
 *
 * @param serverId              id of this Minecraft server in the bridge ([A-Za-z0-9_-]{1,64})
 * @param enabledEvents         event types that are emitted; others are never sent
 * @param allowedCommandPatterns regexes a whole command must match (anchored; see {@link #DEFAULT_ALLOWED_COMMANDS})
 * @param maxCommandLength      longest accepted command, in chars
 * @param bridgeUrl             WebSocket URL of the bridge's event endpoint; null = emitter off
 * @param bridgeToken           bearer token for the event endpoint (never logged)
 * @param reconnectAttempts     consecutive failed connects before the emitter gives up; -1 = never give up
 * @param reconnectBaseMs       first reconnect delay; doubles per failure, with jitter
 * @param reconnectMaxMs        largest reconnect delay
 * @param outboxSize            unacknowledged events kept; when full the oldest is dropped and counted
 * @param worldInfo             get_world_info caps
 * @param idempotency           write-replay cache size and lifetime
 * @param serverThreadTimeoutMs how long a request called off the server thread waits for it (then TIMEOUT)
 */
public record CoreConfig(String serverId, Set<EventType> enabledEvents, List<String> allowedCommandPatterns,
                         int maxCommandLength, String bridgeUrl, String bridgeToken, int reconnectAttempts,
                         long reconnectBaseMs, long reconnectMaxMs, int outboxSize, WorldInfoLimits worldInfo,
                         IdempotencyLimits idempotency, long serverThreadTimeoutMs) {

    /**
     * A default that is safe for a server owner who changes nothing: every target is ONE named player
     * (no {@code @a}/{@code @e}/{@code @p} selectors), no NBT or item components, no operator-only items,
     * teleports stay inside the world, chat text cannot expand selectors and JSON text is a plain string
     * (no click events, selector or nbt components). Chat, titles, teleport, give, player list,
     * time/weather queries and changes, difficulty/seed/tick queries, reading a player's data.
     * Everything else (op, ban, stop, execute, fill, setblock, gamerule, summon, selectors, ...) must be
     * allowed explicitly by the server owner. Kept identical to shared/vectors/defaults/allowed-commands.json
     * (also the starter policy of scripts/up), which both test suites check.
     */
    public static final List<String> DEFAULT_ALLOWED_COMMANDS = DefaultCommands.PATTERNS;

    private static final Pattern SERVER_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    public static final int MAX_COMMAND_LENGTH_CAP = 1000;

    public CoreConfig {
        Objects.requireNonNull(serverId, "serverId");
        if (!SERVER_ID.matcher(serverId).matches()) {
            throw new IllegalArgumentException("serverId must be 1-64 of [A-Za-z0-9_-], got '" + serverId + "'");
        }
        enabledEvents = enabledEvents.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(enabledEvents));
        allowedCommandPatterns = List.copyOf(allowedCommandPatterns);
        if (maxCommandLength < 1 || maxCommandLength > MAX_COMMAND_LENGTH_CAP) {
            throw new IllegalArgumentException("maxCommandLength must be 1.." + MAX_COMMAND_LENGTH_CAP + ", got " + maxCommandLength);
        }
        if (bridgeUrl != null && bridgeUrl.isBlank()) bridgeUrl = null;
        if (bridgeUrl != null && !(bridgeUrl.startsWith("ws://") || bridgeUrl.startsWith("wss://"))) {
            throw new IllegalArgumentException("bridgeUrl must start with ws:// or wss://, got '" + bridgeUrl + "'");
        }
        if (reconnectAttempts < -1) throw new IllegalArgumentException("reconnectAttempts must be -1 (unlimited) or >= 0");
        if (reconnectBaseMs < 1 || reconnectMaxMs < reconnectBaseMs) {
            throw new IllegalArgumentException("need 1 <= reconnectBaseMs <= reconnectMaxMs");
        }
        if (outboxSize < 1) throw new IllegalArgumentException("outboxSize must be >= 1, got " + outboxSize);
        Objects.requireNonNull(worldInfo, "worldInfo");
        Objects.requireNonNull(idempotency, "idempotency");
        if (serverThreadTimeoutMs < 1) throw new IllegalArgumentException("serverThreadTimeoutMs must be >= 1");
    }

    public static CoreConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public boolean eventEnabled(EventType type) {
        return enabledEvents.contains(type);
    }

    /** The token is redacted: configs end up in logs. */
    @Override
    public String toString() {
        return "CoreConfig[serverId=" + serverId + ", enabledEvents=" + enabledEvents
                + ", allowedCommandPatterns=" + allowedCommandPatterns + ", maxCommandLength=" + maxCommandLength
                + ", bridgeUrl=" + bridgeUrl + ", bridgeToken=" + (bridgeToken == null ? "null" : "***")
                + ", reconnectAttempts=" + reconnectAttempts + ", reconnectBaseMs=" + reconnectBaseMs
                + ", reconnectMaxMs=" + reconnectMaxMs + ", outboxSize=" + outboxSize + ", worldInfo=" + worldInfo
                + ", idempotency=" + idempotency + ", serverThreadTimeoutMs=" + serverThreadTimeoutMs + "]";
    }

    /** Starts from the defaults; {@link #build()} validates. */
    public static final class Builder {
        private String serverId = "default";
        private Set<EventType> enabledEvents = EnumSet.allOf(EventType.class);
        private List<String> allowedCommandPatterns = DEFAULT_ALLOWED_COMMANDS;
        private int maxCommandLength = 256;
        private String bridgeUrl;
        private String bridgeToken;
        private int reconnectAttempts = -1;
        private long reconnectBaseMs = 500;
        private long reconnectMaxMs = 15_000;
        private int outboxSize = 10_000;
        private WorldInfoLimits worldInfo = WorldInfoLimits.defaults();
        private IdempotencyLimits idempotency = IdempotencyLimits.defaults();
        private long serverThreadTimeoutMs = 5_000;

        private Builder() {}

        public static Builder from(CoreConfig c) {
            return new Builder().serverId(c.serverId).enabledEvents(c.enabledEvents)
                    .allowedCommandPatterns(c.allowedCommandPatterns).maxCommandLength(c.maxCommandLength)
                    .bridgeUrl(c.bridgeUrl).bridgeToken(c.bridgeToken).reconnectAttempts(c.reconnectAttempts)
                    .reconnectBaseMs(c.reconnectBaseMs).reconnectMaxMs(c.reconnectMaxMs).outboxSize(c.outboxSize)
                    .worldInfo(c.worldInfo).idempotency(c.idempotency).serverThreadTimeoutMs(c.serverThreadTimeoutMs);
        }

        public Builder serverId(String v) { serverId = v; return this; }
        public Builder enabledEvents(Set<EventType> v) { enabledEvents = v; return this; }
        public Builder allowedCommandPatterns(List<String> v) { allowedCommandPatterns = v; return this; }
        public Builder maxCommandLength(int v) { maxCommandLength = v; return this; }
        public Builder bridgeUrl(String v) { bridgeUrl = v; return this; }
        public Builder bridgeToken(String v) { bridgeToken = v; return this; }
        public Builder reconnectAttempts(int v) { reconnectAttempts = v; return this; }
        public Builder reconnectBaseMs(long v) { reconnectBaseMs = v; return this; }
        public Builder reconnectMaxMs(long v) { reconnectMaxMs = v; return this; }
        public Builder outboxSize(int v) { outboxSize = v; return this; }
        public Builder worldInfo(WorldInfoLimits v) { worldInfo = v; return this; }
        public Builder idempotency(IdempotencyLimits v) { idempotency = v; return this; }
        public Builder serverThreadTimeoutMs(long v) { serverThreadTimeoutMs = v; return this; }

        public CoreConfig build() {
            return new CoreConfig(serverId, enabledEvents, allowedCommandPatterns, maxCommandLength, bridgeUrl,
                    bridgeToken, reconnectAttempts, reconnectBaseMs, reconnectMaxMs, outboxSize, worldInfo,
                    idempotency, serverThreadTimeoutMs);
        }
    }
}

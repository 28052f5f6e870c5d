package dev.mcpbridge.core.events;

import java.util.Locale;
import java.util.Optional;

/** The five event types of the protocol, with their wire names (shared/src/schemas/events.ts). */
public enum EventType {
    PLAYER_JOIN, PLAYER_QUIT, PLAYER_CHAT, PLAYER_DEATH, BLOCK_BREAK;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Accepts the wire name in any case, e.g. from a config file. */
    public static Optional<EventType> fromWireName(String name) {
        for (EventType t : values()) {
            if (t.wireName().equalsIgnoreCase(name == null ? "" : name.trim())) return Optional.of(t);
        }
        return Optional.empty();
    }
}

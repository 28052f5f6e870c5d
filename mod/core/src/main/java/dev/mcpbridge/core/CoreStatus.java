package dev.mcpbridge.core;

/**
 * A snapshot of the core's event side.
 *
 * @param emitterConnected true while a WebSocket session with the bridge is open and past its hello
 * @param outboxSize       events kept because the bridge has not acknowledged them yet
 * @param droppedEvents    events lost because the outbox was full (oldest dropped first)
 * @param lastAckedSeq     highest seq the bridge acknowledged in this epoch (0 = none)
 * @param lastSeq          highest seq assigned in this epoch (0 = none)
 * @param epoch            random id of this core start; seq numbers are unique within it
 */
public record CoreStatus(boolean emitterConnected, int outboxSize, long droppedEvents, long lastAckedSeq,
                         long lastSeq, String epoch) {}

package dev.mcpbridge.core.events;

import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.spi.CoreLogger;

/** PLACEHOLDER (being written): the WebSocket sender; for now it only logs that it is not running. */
public final class EventEmitter implements AutoCloseable {
    private final CoreLogger log;

    public EventEmitter(CoreConfig config, Outbox outbox, String epoch, CoreLogger log) {
        this.log = log;
    }

    public void start() {
        log.warn("MCP Bridge event emitter is not implemented yet; events stay in the outbox");
    }

    public boolean connected() {
        return false;
    }

    @Override
    public void close() {}
}

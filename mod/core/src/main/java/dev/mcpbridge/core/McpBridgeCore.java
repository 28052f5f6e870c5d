package dev.mcpbridge.core;

import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.config.IdempotencyLimits;
import dev.mcpbridge.core.dispatch.Dispatcher;
import dev.mcpbridge.core.dispatch.IdempotencyCache;
import dev.mcpbridge.core.events.EventEmitter;
import dev.mcpbridge.core.events.EventRecorder;
import dev.mcpbridge.core.events.Outbox;
import dev.mcpbridge.core.ops.OpContext;
import dev.mcpbridge.core.security.CommandGate;
import dev.mcpbridge.core.spi.CoreLogger;
import dev.mcpbridge.core.spi.GameAccess;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The whole mod without Minecraft: built by handing it the platform (GameAccess), a config and a
 * logger. The platform passes /mcpbridge text to {@link #handleCommand}, calls {@link #events()} hooks
 * on the server thread, re-applies config on reload and closes it when the server stops.
 */
public final class McpBridgeCore implements AutoCloseable {
    /** The config in force and its compiled whitelist, swapped together. */
    private record State(CoreConfig config, CommandGate gate) {}

    private final GameAccess game;
    private final CoreLogger log;
    private final AtomicReference<State> state = new AtomicReference<>();
    private final String epoch;
    private final Outbox outbox;
    private final IdempotencyCache cache;
    private final Dispatcher dispatcher;
    private final EventRecorder events;
    private EventEmitter emitter;
    private boolean started;

    /** @throws IllegalStateException when a configured idempotency journal exists but cannot be read */
    public McpBridgeCore(GameAccess game, CoreConfig config, CoreLogger log) {
        this.game = Objects.requireNonNull(game, "game");
        this.log = Objects.requireNonNull(log, "log");
        Objects.requireNonNull(config, "config");
        this.state.set(compile(config));
        this.epoch = newEpoch();
        this.outbox = new Outbox(config.outboxSize(), log);
        this.cache = newCache(config.idempotency(), log);
        this.cache.maxResultBytes(config.idempotency().maxResultBytes());
        this.dispatcher = new Dispatcher(this::context, cache);
        this.events = new EventRecorder(() -> state.get().config(), outbox, epoch, log);
    }

    /** Text after "mcpbridge " -> ONE line of ASCII JSON (response/error envelope, or array for a batch). Never throws. */
    public String handleCommand(String input) {
        return dispatcher.handle(input);
    }

    /** Event hooks the platform calls (on the server thread); they never block. */
    public GameEvents events() {
        return events;
    }

    public CoreConfig config() {
        return state.get().config();
    }

    /**
     * Swaps the config atomically: requests after the swap see the new whitelist and
     * limits, events the new filter. A changed bridge URL/token/reconnect policy restarts the emitter.
     */
    public synchronized void applyConfig(CoreConfig config) {
        Objects.requireNonNull(config, "config");
        State old = state.getAndSet(compile(config));
        outbox.resize(config.outboxSize());
        cache.resize(config.idempotency().capacity(), config.idempotency().ttlSeconds());
        cache.maxResultBytes(config.idempotency().maxResultBytes());
        IdempotencyLimits was = old.config().idempotency();
        if (!Objects.equals(was.journal(), config.idempotency().journal())
                || was.journalFsync() != config.idempotency().journalFsync()) {
            log.warn("MCP Bridge idempotency journal settings changed; they take effect when the mod starts again");
        }
        log.info("MCP Bridge config applied: " + config);
        if (started && emitterSettingsChanged(old.config(), config)) {
            stopEmitter();
            startEmitter();
        }
    }

    /** Starts the event emitter when a bridge URL is configured. Idempotent. */
    public synchronized void start() {
        if (started) return;
        started = true;
        startEmitter();
    }

    @Override
    public synchronized void close() {
        started = false;
        stopEmitter();
        cache.close();
    }

    /** Emitter connected?, outbox size, dropped count, last acked seq. */
    public CoreStatus status() {
        EventEmitter e;
        synchronized (this) {
            e = emitter;
        }
        return new CoreStatus(e != null && e.connected(), outbox.size(), outbox.dropped(), outbox.lastAcked(),
                outbox.lastSeq(), epoch);
    }

    /** In memory, or kept in the configured journal file (loaded now; a file that cannot be read stops the start). */
    private static IdempotencyCache newCache(IdempotencyLimits limits, CoreLogger log) {
        if (limits.journal() == null) {
            return new IdempotencyCache(limits.capacity(), limits.ttlSeconds(), System::currentTimeMillis);
        }
        return IdempotencyCache.open(limits.journal(), limits.journalFsync(), limits.capacity(), limits.ttlSeconds(),
                System::currentTimeMillis, log);
    }

    private OpContext context() {
        State s = state.get();
        return new OpContext(game, s.config(), s.gate(), log, outbox::dropped);
    }

    private State compile(CoreConfig config) {
        return new State(config, new CommandGate(config.allowedCommandPatterns(), config.maxCommandLength(), log));
    }

    private void startEmitter() {
        CoreConfig c = state.get().config();
        if (c.bridgeUrl() == null) {
            log.info("MCP Bridge event emitter off: no bridge URL configured");
            return;
        }
        emitter = new EventEmitter(c, outbox, epoch, log);
        emitter.start();
    }

    private void stopEmitter() {
        if (emitter != null) {
            emitter.close();
            emitter = null;
        }
    }

    private static boolean emitterSettingsChanged(CoreConfig a, CoreConfig b) {
        return !Objects.equals(a.bridgeUrl(), b.bridgeUrl()) || !Objects.equals(a.bridgeToken(), b.bridgeToken())
                || !a.serverId().equals(b.serverId()) || a.reconnectAttempts() != b.reconnectAttempts()
                || a.reconnectBaseMs() != b.reconnectBaseMs() || a.reconnectMaxMs() != b.reconnectMaxMs();
    }

    private static String newEpoch() {
        byte[] bytes = new byte[8];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}

package dev.mcpbridge.core.events;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.ModInfo;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.dispatch.Envelopes;
import dev.mcpbridge.core.dispatch.ProtocolVersion;
import dev.mcpbridge.core.json.AsciiJson;
import dev.mcpbridge.core.spi.CoreLogger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The sender thread. Out: a session_hello query, then event envelopes in seq order over
 * java.net.http.WebSocket with {@code Authorization: Bearer <token>}. In: the hello result (events
 * the bridge already stored are dropped), cumulative acks (acked events leave the outbox). On any
 * disconnect it reconnects with jittered exponential backoff and replays every unacknowledged event.
 * Only this thread starts sends (a chunk's frames are chained, see {@link #sendInOrder}); the server
 * thread only appends to the outbox.
 */
public final class EventEmitter implements AutoCloseable {
    static final long IO_TIMEOUT_MS = 10_000;
    static final int SEND_CHUNK = 256;

    private final CoreConfig config;
    private final Outbox outbox;
    private final String epoch;
    private final CoreLogger log;
    private final Backoff backoff;
    private final HttpClient client;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile boolean connected;
    private volatile WebSocket socket;

    public EventEmitter(CoreConfig config, Outbox outbox, String epoch, CoreLogger log) {
        this.config = config;
        this.outbox = outbox;
        this.epoch = epoch;
        this.log = log;
        this.backoff = new Backoff(config.reconnectBaseMs(), config.reconnectMaxMs());
        this.client = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(IO_TIMEOUT_MS)).build();
        this.thread = new Thread(this::run, "mcpbridge-event-emitter");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    public boolean connected() {
        return connected;
    }

    private void run() {
        int failures = 0;
        while (running) {
            boolean established = false;
            try {
                established = session();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (Exception e) {
                if (running) log.warn("Event session with " + config.bridgeUrl() + " ended: " + e);
            } finally {
                connected = false;
                WebSocket ws = socket;
                if (ws != null) ws.abort();
            }
            if (!running) break;
            failures = established ? 1 : failures + 1;
            if (config.reconnectAttempts() >= 0 && failures > config.reconnectAttempts()) {
                log.error("Event emitter gives up after " + (failures - 1) + " failed reconnects; events stay in"
                        + " the outbox until the config is re-applied", null);
                break;
            }
            long delay = backoff.delayMs(failures);
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    /** One connection; returns true when the hello succeeded (the next reconnect starts a fresh backoff). */
    private boolean session() throws Exception {
        SessionListener listener = new SessionListener(outbox, log);
        WebSocket.Builder builder = client.newWebSocketBuilder().connectTimeout(Duration.ofMillis(IO_TIMEOUT_MS));
        if (config.bridgeToken() != null) builder.header("Authorization", "Bearer " + config.bridgeToken());
        WebSocket ws = builder.buildAsync(URI.create(config.bridgeUrl()), listener).get(IO_TIMEOUT_MS * 2, TimeUnit.MILLISECONDS);
        socket = ws;
        ws.sendText(helloFrame(), true).get(IO_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        SessionMessages.HelloResult hello = listener.hello().get(IO_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        if (!ProtocolVersion.isCompatible(hello.version())) {
            log.error("Bridge negotiated protocol " + hello.version() + ", which this mod does not speak", null);
            ws.sendClose(1002, "unsupported protocol version");
            return false;
        }
        outbox.ack(hello.lastSeq());
        connected = true;
        log.info("Event session open with " + config.bridgeUrl() + " (protocol " + hello.version() + ", bridge has seq "
                + hello.lastSeq() + ", " + outbox.size() + " to send)");
        long sent = hello.lastSeq();
        while (running && !listener.closed()) {
            List<Outbox.Entry> batch = outbox.after(sent, SEND_CHUNK, 1000);
            if (batch.isEmpty()) continue;
            sendInOrder(ws, batch).get(IO_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            sent = batch.get(batch.size() - 1).seq();
        }
        return true;
    }

    /**
     * Sends the frames one after another (WebSocket allows one pending send): each is handed to the
     * socket when the previous one has been written, by the thread that finished it, so this thread
     * waits once per chunk instead of once per event (a thread hand-off per frame capped the emitter).
     */
    private static CompletableFuture<WebSocket> sendInOrder(WebSocket ws, List<Outbox.Entry> batch) {
        CompletableFuture<WebSocket> chain = CompletableFuture.completedFuture(ws);
        for (Outbox.Entry e : batch) chain = chain.thenCompose(w -> w.sendText(e.json(), true));
        return chain;
    }

    private String helloFrame() {
        SessionMessages.Hello hello = new SessionMessages.Hello(config.serverId(), ModInfo.PROTOCOL_VERSIONS,
                ModInfo.MOD_VERSION, epoch, outbox.dropped(), outbox.resumeSeq());
        JsonObject payload = new JsonObject();
        payload.addProperty("query", "session_hello");
        payload.add("args", hello.toJson());
        return AsciiJson.write(Envelopes.envelope("query", epoch + "-hello", payload));
    }

    /** Stops the sender; unacknowledged events stay in the outbox. */
    @Override
    public void close() {
        running = false;
        outbox.wakeUp();
        thread.interrupt();
        WebSocket ws = socket;
        if (ws != null) {
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "server stopping").orTimeout(1, TimeUnit.SECONDS)
                    .whenComplete((r, e) -> ws.abort());
        }
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package dev.mcpbridge.core.events;

import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.spi.CoreLogger;
import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Frames from the bridge on one connection: the hello result completes {@link #hello()}, acks go to
 * the outbox, error envelopes are logged. A close or an error ends the session (and wakes the sender).
 */
final class SessionListener implements WebSocket.Listener {
    private static final int MAX_FRAME_CHARS = 1 << 20;

    private final Outbox outbox;
    private final CoreLogger log;
    private final CompletableFuture<SessionMessages.HelloResult> hello = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private volatile boolean closed;

    SessionListener(Outbox outbox, CoreLogger log) {
        this.outbox = outbox;
        this.log = log;
    }

    CompletableFuture<SessionMessages.HelloResult> hello() {
        return hello;
    }

    boolean closed() {
        return closed;
    }

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
        partial.append(data);
        if (partial.length() > MAX_FRAME_CHARS) {
            log.warn("Bridge sent a message over " + MAX_FRAME_CHARS + " chars; dropping the connection");
            partial.setLength(0);
            ws.abort();
            end("oversized message");
            return null;
        }
        if (last) {
            String text = partial.toString();
            partial.setLength(0);
            handle(text);
        }
        ws.request(1);
        return null;
    }

    private void handle(String text) {
        try {
            SessionMessages.Reply reply = SessionMessages.parseReply(text);
            if (reply.hello() != null) {
                hello.complete(reply.hello());
            } else if (reply.ackSeq() != null) {
                outbox.ack(reply.ackSeq());
            } else {
                log.warn("Bridge reported an error on the event session: " + reply.error());
                if (!hello.isDone()) hello.completeExceptionally(new IllegalStateException("bridge refused the hello: " + reply.error()));
            }
        } catch (BridgeException e) {
            log.warn("Ignoring a message from the bridge that does not follow the protocol: " + e.getMessage());
        }
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
        if (statusCode == 4401) log.error("Bridge refused the event session (AUTH_FAILED): check bridgeToken", null);
        end("closed by the bridge: " + statusCode + " " + reason);
        return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
        end("connection error: " + error);
    }

    private void end(String why) {
        closed = true;
        hello.completeExceptionally(new IllegalStateException(why));
        outbox.wakeUp();
    }
}

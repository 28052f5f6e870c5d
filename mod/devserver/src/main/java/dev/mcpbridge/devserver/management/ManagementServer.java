package dev.mcpbridge.devserver.management;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.devserver.Log;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A subset of vanilla's Server Management Protocol (1.21.9+): JSON-RPC 2.0 over WebSocket, the
 * secret as {@code Authorization: Bearer <secret>} or, from an allowed Origin, as the subprotocol
 * {@code minecraft-v1,<secret>} (401 otherwise), TLS unless turned off. Methods: {@code rpc.discover}, {@code minecraft:players},
 * {@code minecraft:server/status}, {@code minecraft:server/save}. Notifications, sent to every
 * connection as vanilla does: {@code minecraft:notification/players/joined|left} (params
 * {@code [player]}), {@code server/started|stopping|saving|saved}, and {@code server/status}
 * (params {@code [status]}) every heartbeat interval. Names and shapes follow the Minecraft Wiki page
 * "Minecraft Server Management Protocol".
 */
public final class ManagementServer implements AutoCloseable {
    private final ManagementOptions options;
    private final ServerSocket listener;
    private final RpcMethods methods;
    private final Set<WebSocketConnection> connections = new CopyOnWriteArraySet<>();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "Management notifications");
        t.setDaemon(true);
        return t;
    });
    private static final String BEARER = "Bearer ";
    private static final String SUBPROTOCOL = "minecraft-v1";
    private final byte[] secret;
    private volatile boolean closed;

    public ManagementServer(InetAddress bind, ManagementOptions options, GameState game) throws IOException {
        this.options = options;
        this.secret = options.secret().getBytes(StandardCharsets.UTF_8);
        this.methods = new RpcMethods(game, this::notifyAll, game.managementVersion());
        this.listener = options.tls() ? sslContext(options).getServerSocketFactory().createServerSocket(options.port(), 50, bind)
                : new ServerSocket(options.port(), 50, bind);
    }

    /** What the protocol reads from the game; called on the main thread by the caller's supplier. */
    public interface GameState {
        /** Online players as {@code [{id, name}]}. */
        JsonArray players();

        String versionName();

        int protocolVersion();

        /** What {@code rpc.discover} reports as {@code info.version} for this game version. */
        String managementVersion();

        /** Runs a world save (the caller sends saving/saved around it). */
        default void save() {}

        /** Runs {@code body} on the main thread and returns its value. */
        <T> T onMainThread(Supplier<T> body);
    }

    private static SSLContext sslContext(ManagementOptions options) throws IOException {
        try (InputStream in = Files.newInputStream(options.keystore())) {
            char[] password = options.keystorePassword().toCharArray();
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("cannot load the management TLS keystore " + options.keystore() + ": " + e.getMessage(), e);
        }
    }

    public void start() {
        Thread acceptor = new Thread(this::acceptLoop, "Management server");
        acceptor.setDaemon(true);
        acceptor.start();
        if (options.heartbeatSeconds() > 0) {
            scheduler.scheduleAtFixedRate(() -> notifyAll("minecraft:notification/server/status", methods.status()),
                    options.heartbeatSeconds(), options.heartbeatSeconds(), TimeUnit.SECONDS);
        }
        notifyAll("minecraft:notification/server/started", null);
    }

    public int port() {
        return listener.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket socket = listener.accept();
                Thread t = new Thread(() -> serve(socket), "Management connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!closed) {
                    Log.warn("management server: accept failed: " + e.getMessage());
                }
            }
        }
    }

    private void serve(Socket socket) {
        WebSocketConnection ws;
        try {
            socket.setTcpNoDelay(true);
            ws = WebSocketConnection.accept(socket, this::authorize);
        } catch (IOException e) {
            closeQuietly(socket);
            return;
        }
        if (ws == null) {
            return;
        }
        connections.add(ws);
        try {
            String text;
            while ((text = ws.readMessage()) != null) {
                String reply = methods.handle(text);
                if (reply != null) {
                    ws.sendText(reply);
                }
            }
        } catch (IOException e) {
            // the client went away
        } finally {
            connections.remove(ws);
            ws.close(1000, "");
        }
    }

    /**
     * Vanilla's AuthenticationHandler, check for check: an {@code Authorization} header starting with
     * {@code "Bearer "} (case-sensitive) decides alone (a wrong one is refused, the subprotocol is not
     * tried); else a {@code Sec-WebSocket-Protocol} starting with {@code "minecraft-v1,"} counts only
     * with an {@code Origin} in the allowed list; else the key is missing. Refusals are 401 with
     * vanilla's JSON body {@code {"error":"Unauthorized","message":<reason>}}.
     */
    private WebSocketConnection.Refusal authorize(WebSocketConnection.Request request) {
        String auth = request.headers().get("authorization");
        if (auth != null && auth.startsWith(BEARER)) {
            return matches(auth.substring(BEARER.length()).trim()) ? null : unauthorized("Invalid API key");
        }
        String protocol = request.headers().get("sec-websocket-protocol");
        if (protocol != null && protocol.startsWith(SUBPROTOCOL + ",")) {
            String origin = request.headers().get("origin");
            if (origin == null || origin.isEmpty() || !options.allowedOrigins().contains(origin)) {
                return unauthorized("Origin Not Allowed");
            }
            return matches(protocol.substring(SUBPROTOCOL.length() + 1).trim())
                    ? WebSocketConnection.Refusal.acceptWith(SUBPROTOCOL) : unauthorized("Invalid API key");
        }
        return unauthorized("Missing API key");
    }

    private static WebSocketConnection.Refusal unauthorized(String reason) {
        Log.warn("management server: refused a connection (401 " + reason + ")");
        JsonObject body = new JsonObject();
        body.addProperty("error", "Unauthorized");
        body.addProperty("message", reason);
        return WebSocketConnection.Refusal.refuseWithJson(401, "Unauthorized", body.toString());
    }

    private boolean matches(String given) {
        return !given.isEmpty() && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), secret);
    }

    /** Sends a notification to every open connection, off the calling (main) thread. */
    public void notifyAll(String method, JsonElement param) {
        if (closed) {
            return;
        }
        JsonObject message = new JsonObject();
        message.addProperty("jsonrpc", "2.0");
        message.addProperty("method", method);
        if (param != null) {
            JsonArray params = new JsonArray();
            params.add(param);
            message.add("params", params);
        }
        String text = message.toString();
        scheduler.execute(() -> {
            for (WebSocketConnection c : connections) {
                try {
                    c.sendText(text);
                } catch (IOException e) {
                    connections.remove(c);
                    c.close(1011, "send failed");
                }
            }
        });
    }

    /** Sends {@code server/stopping} to everyone, then closes every connection. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        notifyAll("minecraft:notification/server/stopping", null);
        closed = true;
        scheduler.shutdown();
        try {
            scheduler.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connections.forEach(WebSocketConnection::close);
        closeQuietly(listener);
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing
        }
    }
}

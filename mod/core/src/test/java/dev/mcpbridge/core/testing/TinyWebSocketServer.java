package dev.mcpbridge.core.testing;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntPredicate;

/**
 * A minimal RFC 6455 bridge stand-in on 127.0.0.1: checks the bearer token, answers session_hello
 * with the highest seq it stored, stores events in order (counting duplicates), acks each one, and can
 * drop the connection abruptly when an event arrives (before storing it).
 */
public final class TinyWebSocketServer implements AutoCloseable {
    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    public final List<Long> stored = new CopyOnWriteArrayList<>();
    public final List<JsonObject> hellos = new CopyOnWriteArrayList<>();
    public final List<String> authorizations = new CopyOnWriteArrayList<>();
    public volatile int duplicates;
    public volatile int connections;
    /** Called with each arriving event's seq; true = drop the connection now without storing it. */
    public volatile IntPredicate dropOn = seq -> false;

    private final ServerSocket server;
    private final String token;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    public TinyWebSocketServer(String token) throws IOException {
        this.token = token;
        this.server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::acceptLoop, "tiny-ws-accept");
        t.setDaemon(true);
        t.start();
    }

    public String url() {
        return "ws://127.0.0.1:" + server.getLocalPort() + "/events";
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                sockets.add(s);
                Thread t = new Thread(() -> serve(s), "tiny-ws-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            String key = null;
            String auth = null;
            for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
                String lower = line.toLowerCase(Locale.ROOT);
                if (lower.startsWith("sec-websocket-key:")) key = line.substring(18).trim();
                if (lower.startsWith("authorization:")) auth = line.substring(14).trim();
            }
            authorizations.add(String.valueOf(auth));
            if (!("Bearer " + token).equals(auth)) {
                out.write("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                return;
            }
            String accept = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
                    .digest((key + GUID).getBytes(StandardCharsets.US_ASCII)));
            out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: " + accept + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            connections++;
            while (true) {
                int b0 = in.readUnsignedByte();
                int b1 = in.readUnsignedByte();
                long len = b1 & 0x7f;
                if (len == 126) len = in.readUnsignedShort();
                else if (len == 127) len = in.readLong();
                byte[] mask = new byte[4];
                if ((b1 & 0x80) != 0) in.readFully(mask);
                byte[] payload = new byte[(int) len];
                in.readFully(payload);
                for (int i = 0; i < payload.length; i++) payload[i] ^= mask[i % 4];
                int opcode = b0 & 0x0f;
                if (opcode == 8) {
                    send(out, 0x88, new byte[0]);
                    return;
                }
                if (opcode == 9) send(out, 0x8A, payload);
                if (opcode == 1 && !onText(new String(payload, StandardCharsets.UTF_8), out)) return;
            }
        } catch (Exception e) {
            // connection gone; the mod reconnects
        }
    }

    /** Returns false to drop the connection. */
    private synchronized boolean onText(String text, OutputStream out) throws IOException {
        JsonObject msg = JsonParser.parseString(text).getAsJsonObject();
        JsonObject payload = msg.getAsJsonObject("payload");
        long last = stored.isEmpty() ? 0 : stored.get(stored.size() - 1);
        if (msg.get("type").getAsString().equals("query")) {
            hellos.add(payload.getAsJsonObject("args"));
            reply(out, "{\"version\":\"1.0.0\",\"lastSeq\":" + last + "}");
            return true;
        }
        long seq = payload.get("seq").getAsLong();
        if (dropOn.test((int) seq)) return false;
        if (seq <= last) duplicates++;
        else stored.add(seq);
        reply(out, "{\"ackSeq\":" + stored.get(stored.size() - 1) + "}");
        return true;
    }

    private static void reply(OutputStream out, String data) throws IOException {
        String envelope = "{\"version\":\"1.0.0\",\"type\":\"response\",\"id\":\"x\",\"timestamp\":1,\"source\":\"mcp\","
                + "\"payload\":{\"success\":true,\"data\":" + data + "}}";
        send(out, 0x81, envelope.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(OutputStream out, int b0, byte[] payload) throws IOException {
        List<Byte> header = new ArrayList<>();
        header.add((byte) b0);
        if (payload.length < 126) {
            header.add((byte) payload.length);
        } else {
            header.add((byte) 126);
            header.add((byte) (payload.length >> 8));
            header.add((byte) payload.length);
        }
        byte[] h = new byte[header.size()];
        for (int i = 0; i < h.length; i++) h[i] = header.get(i);
        synchronized (out) {
            out.write(h);
            out.write(payload);
            out.flush();
        }
    }

    private static String readLine(DataInputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) throw new IOException("eof");
            if (c != '\r') sb.append((char) c);
        }
        return sb.toString();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) s.close();
    }
}

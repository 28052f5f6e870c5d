package dev.mcpbridge.devserver.management;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The server side of one RFC 6455 WebSocket: the HTTP upgrade request in, text messages in and out,
 * pings answered, close handled. Client frames must be masked (RFC 6455 5.1); messages over
 * {@link #MAX_MESSAGE} bytes close the connection with 1009. Sends are synchronized, so the main
 * thread (notifications) and the reader thread (replies) can both send.
 */
final class WebSocketConnection implements AutoCloseable {
    static final int MAX_MESSAGE = 1 << 20;
    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private volatile boolean open;

    private WebSocketConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** The request line and headers (names lower-cased) of an HTTP request, read byte by byte. */
    record Request(String line, Map<String, String> headers) {}

    static Request readRequest(DataInputStream in) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int last4 = 0;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed during the HTTP request");
            }
            buffer.write(b);
            last4 = (last4 << 8) | b;
            if (last4 == 0x0d0a0d0a) {
                break;
            }
            if (buffer.size() > 16 * 1024) {
                throw new IOException("HTTP request headers too large");
            }
        }
        String[] lines = buffer.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, String> headers = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        return new Request(lines[0], headers);
    }

    /** Reads the upgrade request; {@code accept} decides (null = accept with that subprotocol or none). */
    static WebSocketConnection accept(Socket socket, java.util.function.Function<Request, Refusal> check) throws IOException {
        WebSocketConnection c = new WebSocketConnection(socket);
        Request request = readRequest(c.in);
        String key = request.headers().get("sec-websocket-key");
        if (key == null || !"websocket".equalsIgnoreCase(request.headers().getOrDefault("upgrade", ""))) {
            c.refuse(400, "Bad Request", null);
            return null;
        }
        Refusal refusal = check.apply(request);
        if (refusal != null && refusal.status() != 0) {
            c.refuse(refusal.status(), refusal.reason(), refusal.body());
            return null;
        }
        String protocol = refusal != null ? refusal.subprotocol() : null;
        String response = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: " + acceptKey(key) + "\r\n"
                + (protocol != null ? "Sec-WebSocket-Protocol: " + protocol + "\r\n" : "") + "\r\n";
        c.out.write(response.getBytes(StandardCharsets.ISO_8859_1));
        c.out.flush();
        c.open = true;
        return c;
    }

    /** A refused upgrade (status != 0, with a JSON body or none), or an accepted one naming the subprotocol to echo. */
    record Refusal(int status, String reason, String subprotocol, String body) {
        static Refusal refuseWithJson(int status, String reason, String json) {
            return new Refusal(status, reason, null, json);
        }

        static Refusal acceptWith(String subprotocol) {
            return new Refusal(0, null, subprotocol, null);
        }
    }

    private void refuse(int status, String reason, String json) throws IOException {
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 " + status + " " + reason + "\r\n" + (json == null ? "" : "Content-Type: application/json\r\n")
                + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
        socket.close();
    }

    static String acceptKey(String key) {
        try {
            byte[] sha1 = MessageDigest.getInstance("SHA-1").digest((key + GUID).getBytes(StandardCharsets.ISO_8859_1));
            return Base64.getEncoder().encodeToString(sha1);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from the JDK", e);
        }
    }

    boolean isOpen() {
        return open;
    }

    /** The next text message, or null once the peer closed. Answers pings; refuses binary and unmasked frames. */
    String readMessage() throws IOException {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        while (true) {
            int b0 = in.read();
            if (b0 < 0) {
                return null;
            }
            int b1 = in.readUnsignedByte();
            boolean fin = (b0 & 0x80) != 0;
            int opcode = b0 & 0x0f;
            long length = b1 & 0x7f;
            if (length == 126) {
                length = in.readUnsignedShort();
            } else if (length == 127) {
                length = in.readLong();
            }
            if ((b1 & 0x80) == 0) {
                close(1002, "client frames must be masked");
                return null;
            }
            if (length > MAX_MESSAGE || message.size() + length > MAX_MESSAGE) {
                close(1009, "message too big");
                return null;
            }
            byte[] mask = new byte[4];
            in.readFully(mask);
            byte[] payload = new byte[(int) length];
            in.readFully(payload);
            for (int i = 0; i < payload.length; i++) {
                payload[i] ^= mask[i & 3];
            }
            switch (opcode) {
                case 0x8 -> {
                    close(1000, "");
                    return null;
                }
                case 0x9 -> send(0xA, payload);
                case 0xA -> { /* pong: nothing to do */ }
                case 0x2 -> {
                    close(1003, "binary frames are not accepted");
                    return null;
                }
                default -> {
                    message.write(payload);
                    if (fin) {
                        return message.toString(StandardCharsets.UTF_8);
                    }
                }
            }
        }
    }

    void sendText(String text) throws IOException {
        send(0x1, text.getBytes(StandardCharsets.UTF_8));
    }

    private synchronized void send(int opcode, byte[] payload) throws IOException {
        if (!open) {
            return;
        }
        ByteArrayOutputStream frame = new ByteArrayOutputStream(payload.length + 10);
        frame.write(0x80 | opcode);
        if (payload.length < 126) {
            frame.write(payload.length);
        } else if (payload.length <= 0xffff) {
            frame.write(126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length & 0xff);
        } else {
            frame.write(127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                frame.write((int) ((long) payload.length >>> shift) & 0xff);
            }
        }
        frame.write(payload);
        out.write(frame.toByteArray());
        out.flush();
    }

    /** Sends a close frame (once) and closes the socket. */
    void close(int code, String reason) {
        if (open) {
            try {
                byte[] text = reason.getBytes(StandardCharsets.UTF_8);
                byte[] payload = new byte[2 + text.length];
                payload[0] = (byte) (code >>> 8);
                payload[1] = (byte) code;
                System.arraycopy(text, 0, payload, 2, text.length);
                send(0x8, payload);
            } catch (IOException ignored) {
                // the peer is gone already
            }
        }
        open = false;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    @Override
    public void close() {
        close(1001, "server stopping");
    }
}

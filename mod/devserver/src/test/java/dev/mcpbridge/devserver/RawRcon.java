package dev.mcpbridge.devserver;

import dev.mcpbridge.devserver.rcon.RconPackets;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** A byte-level RCON peer for what a well-behaved client library cannot do (coalesced writes, odd types). */
final class RawRcon implements AutoCloseable {
    record Packet(int id, int type, String payload) {}

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    RawRcon(int port) throws IOException {
        this(port, 5000);
    }

    RawRcon(int port, int readTimeoutMs) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(readTimeoutMs);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    void login(String password) throws IOException {
        send(1, RconPackets.TYPE_LOGIN, password);
        Packet p = read();
        if (p.id() != 1) {
            throw new IOException("login refused");
        }
    }

    void send(int id, int type, String payload) throws IOException {
        out.write(RconPackets.encode(id, type, payload));
        out.flush();
    }

    void writeRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** The next packet, or null when the server closed the connection. */
    Packet read() throws IOException {
        byte[] head = in.readNBytes(4);
        if (head.length < 4) {
            return null;
        }
        int length = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).getInt();
        byte[] body = in.readNBytes(length);
        ByteBuffer b = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
        return new Packet(b.getInt(), b.getInt(), new String(body, 8, length - 10, StandardCharsets.UTF_8));
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}

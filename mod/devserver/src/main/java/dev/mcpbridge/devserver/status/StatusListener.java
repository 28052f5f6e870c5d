package dev.mcpbridge.devserver.status;

import dev.mcpbridge.devserver.Log;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Server List Ping ("status") on its own TCP port.
 * In: handshake (VarInt-framed: id 0, protocol, address, port, next state 1), status request (id 0),
 * optional ping (id 1, long). Out: the status JSON ({@code version.name} is the simulated Minecraft
 * version, which the bridge reads in vanilla mode) and the pong. Anything else closes the socket.
 */
public final class StatusListener implements AutoCloseable {
    private static final int MAX_PACKET = 32 * 1024;
    private final ServerSocket server;
    private final Supplier<String> statusJson;
    private final Thread thread;
    private volatile boolean running = true;

    public StatusListener(InetAddress bind, int port, Supplier<String> statusJson) throws IOException {
        this.server = new ServerSocket(port, 50, bind);
        this.statusJson = statusJson;
        this.thread = new Thread(this::acceptLoop, "Status Listener");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (running) {
            try {
                Socket s = server.accept();
                Thread t = new Thread(() -> serve(s), "Status Client");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (running) {
                    Log.warn("status accept failed: " + e.getMessage());
                }
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setSoTimeout(5000);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            DataInputStream handshake = packet(in);
            if (readVarInt(handshake) != 0) {
                return;
            }
            readVarInt(handshake); // protocol version of the client
            handshake.skipBytes(readVarInt(handshake)); // server address
            handshake.readUnsignedShort();
            if (readVarInt(handshake) != 1) {
                return; // login is not offered: this is not a game server
            }
            while (true) {
                DataInputStream p = packet(in);
                int id = readVarInt(p);
                if (id == 0) {
                    ByteArrayOutputStream body = new ByteArrayOutputStream();
                    byte[] json = statusJson.get().getBytes(StandardCharsets.UTF_8);
                    writeVarInt(body, 0);
                    writeVarInt(body, json.length);
                    body.write(json);
                    send(socket, body.toByteArray());
                } else if (id == 1) {
                    long payload = p.readLong();
                    ByteArrayOutputStream body = new ByteArrayOutputStream();
                    writeVarInt(body, 1);
                    new DataOutputStream(body).writeLong(payload);
                    send(socket, body.toByteArray());
                    return;
                } else {
                    return;
                }
            }
        } catch (IOException | RuntimeException e) {
            // a closed or malformed status connection ends quietly, as vanilla's
        }
    }

    private static DataInputStream packet(DataInputStream in) throws IOException {
        int length = readVarInt(in);
        if (length <= 0 || length > MAX_PACKET) {
            throw new IOException("bad packet length " + length);
        }
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new IOException("connection closed mid-packet");
        }
        return new DataInputStream(new java.io.ByteArrayInputStream(body));
    }

    private static void send(Socket socket, byte[] body) throws IOException {
        ByteArrayOutputStream framed = new ByteArrayOutputStream();
        writeVarInt(framed, body.length);
        framed.write(body);
        socket.getOutputStream().write(framed.toByteArray());
    }

    static int readVarInt(DataInputStream in) throws IOException {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("VarInt too big");
    }

    static void writeVarInt(ByteArrayOutputStream out, int value) {
        while ((value & ~0x7f) != 0) {
            out.write((value & 0x7f) | 0x80);
            value >>>= 7;
        }
        out.write(value);
    }

    @Override
    public void close() {
        running = false;
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}

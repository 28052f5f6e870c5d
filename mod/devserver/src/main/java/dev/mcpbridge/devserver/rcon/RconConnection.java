package dev.mcpbridge.devserver.rcon;

import dev.mcpbridge.devserver.Log;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Locale;

/**
 * One RCON client connection, read loop modelled on vanilla 1.21's RconClient.
 * In: packets, each taken from ONE socket read of at most 1460 bytes; a read shorter than 10 bytes or
 * whose length field is not (bytes read - 4) ends the connection (so does a coalesced write).
 * Out: login replies (type 2, same id, or id -1 on a bad password), command output split into
 * 4096-character type-0 pieces with the request id and no end marker, and "Unknown request <hex>"
 * for any other packet type.
 */
final class RconConnection implements Runnable {
    private final Socket socket;
    private final String password;
    private final CommandRunner runner;
    private final Runnable onClose;
    private final byte[] buf = new byte[RconPackets.MAX_READ];
    private volatile boolean running = true;
    private boolean authed;

    RconConnection(Socket socket, String password, CommandRunner runner, Runnable onClose) {
        this.socket = socket;
        this.password = password;
        this.runner = runner;
        this.onClose = onClose;
    }

    @Override
    public void run() {
        try {
            InputStream in = socket.getInputStream();
            while (running) {
                int read = in.read(buf, 0, RconPackets.MAX_READ);
                if (read < 10) {
                    return;
                }
                if (RconPackets.intLe(buf, 0, read) != read - 4) {
                    Log.warn("RCON " + socket.getRemoteSocketAddress()
                            + ": read holds a malformed, partial or coalesced packet; closing as vanilla does");
                    return;
                }
                handle(RconPackets.intLe(buf, 4, read), RconPackets.intLe(buf, 8, read), read);
            }
        } catch (IOException e) {
            if (running) {
                Log.info("RCON " + socket.getRemoteSocketAddress() + " closed: " + e.getMessage());
            }
        } finally {
            close();
            onClose.run();
        }
    }

    private void handle(int id, int type, int read) throws IOException {
        switch (type) {
            case RconPackets.TYPE_COMMAND -> {
                if (!authed) {
                    sendAuthFailure();
                    return;
                }
                String command = RconPackets.string(buf, 12, read);
                String output;
                try {
                    output = runner.runCommand(command);
                } catch (RuntimeException e) {
                    output = "Error executing: " + command + " (" + e.getMessage() + ")";
                }
                sendCommandResponse(id, output);
            }
            case RconPackets.TYPE_LOGIN -> {
                String given = RconPackets.string(buf, 12, read);
                if (!given.isEmpty() && given.equals(password)) {
                    authed = true;
                    send(id, RconPackets.TYPE_AUTH_RESPONSE, "");
                } else {
                    authed = false;
                    sendAuthFailure();
                }
            }
            default -> sendCommandResponse(id,
                    String.format(Locale.ROOT, "Unknown request %s", Integer.toHexString(type)));
        }
    }

    private void sendAuthFailure() throws IOException {
        send(-1, RconPackets.TYPE_AUTH_RESPONSE, "");
    }

    /** Always at least one packet, even for empty output (vanilla's do-while). */
    private void sendCommandResponse(int id, String message) throws IOException {
        // Slices by offset: a single piece is the message itself (substring of the whole string returns
        // it), and a long one is not copied again for every piece.
        int offset = 0;
        do {
            int end = Math.min(offset + RconPackets.MAX_PIECE_CHARS, message.length());
            send(id, RconPackets.TYPE_RESPONSE, message.substring(offset, end));
            offset = end;
        } while (offset < message.length());
    }

    private void send(int id, int type, String payload) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(RconPackets.encode(id, type, payload));
    }

    void close() {
        running = false;
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}

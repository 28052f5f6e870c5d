package dev.mcpbridge.devserver.rcon;

import dev.mcpbridge.devserver.Log;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Accepts RCON connections (one thread each, as vanilla's RconThread) on a configurable port. */
public final class RconListener implements AutoCloseable {
    private final ServerSocket server;
    private final String password;
    private final CommandRunner runner;
    private final Set<RconConnection> clients = ConcurrentHashMap.newKeySet();
    private final Thread acceptThread;
    private volatile boolean running = true;

    public RconListener(InetAddress bind, int port, String password, CommandRunner runner) throws IOException {
        this.server = new ServerSocket(port, 50, bind);
        this.password = password;
        this.runner = runner;
        this.acceptThread = new Thread(this::acceptLoop, "RCON Listener");
        this.acceptThread.setDaemon(true);
    }

    public void start() {
        acceptThread.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Connections whose thread has not ended yet (a command a client sent before closing still counts). */
    public int openConnections() {
        return clients.size();
    }

    private void acceptLoop() {
        int n = 0;
        while (running) {
            try {
                Socket socket = server.accept();
                socket.setTcpNoDelay(true);
                RconConnection[] self = new RconConnection[1];
                self[0] = new RconConnection(socket, password, runner, () -> clients.remove(self[0]));
                clients.add(self[0]);
                Thread t = new Thread(self[0], "RCON Client " + socket.getInetAddress() + " #" + (++n));
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (running) {
                    Log.warn("RCON accept failed: " + e.getMessage());
                }
            }
        }
    }

    @Override
    public void close() {
        running = false;
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
        clients.forEach(RconConnection::close);
    }
}

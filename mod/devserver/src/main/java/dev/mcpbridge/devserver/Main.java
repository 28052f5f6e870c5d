package dev.mcpbridge.devserver;

import java.util.concurrent.CountDownLatch;

/** Process entry: parse options, start, print the READY line, stop cleanly on SIGTERM/SIGINT. */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        if (java.util.Arrays.asList(args).contains("--help")) {
            System.out.print(DevserverConfig.USAGE);
            return;
        }
        DevserverConfig config;
        try {
            config = DevserverConfig.parse(args, System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("mcpbridge-devserver: " + e.getMessage());
            System.err.print(DevserverConfig.USAGE);
            System.exit(2);
            return;
        }
        Devserver server;
        try {
            server = new Devserver(config);
        } catch (IllegalStateException e) {
            // e.g. a --state-dir journal that cannot be read: starting anyway could run a write twice
            Log.error("could not start: " + e.getMessage(), e);
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "Server Shutdown Thread"));
        try {
            server.start();
        } catch (Exception e) {
            Log.error("could not start: " + e.getMessage() + " (is the port already in use?)", e);
            System.exit(1);
        }
        System.out.println("DEVSERVER READY rcon=" + server.rconPort() + " status=" + server.statusPort()
                + (server.managementPort() > 0 ? " management=" + server.managementPort() : ""));
        System.out.flush();
        stopped.await();
    }
}

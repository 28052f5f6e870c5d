package dev.mcpbridge.devserver.management;

import java.nio.file.Path;

/**
 * The management server's settings, named after vanilla's server.properties keys
 * ({@code management-server-port}, {@code -secret}, {@code -tls-enabled}, {@code -tls-keystore},
 * {@code -tls-keystore-password}, {@code status-heartbeat-interval}). {@code port < 0}: off.
 */
public record ManagementOptions(int port, String secret, boolean tls, Path keystore, String keystorePassword,
                                int heartbeatSeconds) {
    public static final ManagementOptions OFF = new ManagementOptions(-1, null, true, null, null, 0);

    public boolean enabled() {
        return port >= 0;
    }

    /** Checks what vanilla checks at start-up; throws IllegalArgumentException naming the option. */
    public ManagementOptions validated() {
        if (!enabled()) {
            return this;
        }
        if (secret == null || !secret.matches("[A-Za-z0-9]{40}")) {
            throw new IllegalArgumentException(
                    "--management-secret must be exactly 40 letters or digits (vanilla's management-server-secret rule)");
        }
        if (tls && keystore == null) {
            throw new IllegalArgumentException(
                    "the management server uses TLS by default: pass --management-keystore FILE.p12 (and its password), or --management-tls-off");
        }
        return this;
    }

    public String summary() {
        if (!enabled()) {
            return "off";
        }
        return "port=" + port + " tls=" + (tls ? "on" : "off") + " secret=*** heartbeat="
                + (heartbeatSeconds > 0 ? heartbeatSeconds + "s" : "off");
    }
}

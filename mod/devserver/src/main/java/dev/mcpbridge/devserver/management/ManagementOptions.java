package dev.mcpbridge.devserver.management;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The management server's settings, named after vanilla's server.properties keys
 * ({@code management-server-port}, {@code -secret}, {@code -tls-enabled}, {@code -tls-keystore},
 * {@code -tls-keystore-password}, {@code -allowed-origins}, {@code status-heartbeat-interval}).
 * {@code port < 0}: off. {@code allowedOrigins} is the comma-split list as vanilla splits it (no
 * trimming): only these {@code Origin}s may authenticate with the secret as subprotocol.
 */
public record ManagementOptions(int port, String secret, boolean tls, Path keystore, String keystorePassword,
                                int heartbeatSeconds, Set<String> allowedOrigins) {
    public static final ManagementOptions OFF = new ManagementOptions(-1, null, true, null, null, 0, Set.of());
    /** Where vanilla reads the keystore password first, then {@link #PASSWORD_PROPERTY}, then server.properties. */
    public static final String PASSWORD_VARIABLE = "MINECRAFT_MANAGEMENT_TLS_KEYSTORE_PASSWORD";
    public static final String PASSWORD_PROPERTY = "management.tls.keystore.password";

    public boolean enabled() {
        return port >= 0;
    }

    /**
     * The keystore password as vanilla's JsonRpcSslContextProvider picks it: the environment
     * variable, else the JVM system property, else the server property (here --management-keystore-password).
     */
    public static String keystorePassword(Map<String, String> env, UnaryOperator<String> systemProperty, String fromProperties) {
        String fromEnv = env.get(PASSWORD_VARIABLE);
        if (fromEnv != null) {
            return fromEnv;
        }
        String fromSystem = systemProperty.apply(PASSWORD_PROPERTY);
        return fromSystem != null ? fromSystem : fromProperties == null ? "" : fromProperties;
    }

    public static Set<String> origins(String commaSeparated) {
        return commaSeparated == null || commaSeparated.isEmpty() ? Set.of() : Set.of(commaSeparated.split(","));
    }

    /** Checks what vanilla checks at start-up; throws IllegalArgumentException with vanilla's reason and the fix. */
    public ManagementOptions validated() {
        if (!enabled()) {
            return this;
        }
        if (secret == null || !secret.matches("[A-Za-z0-9]{40}")) {
            throw new IllegalArgumentException(
                    "--management-secret must be exactly 40 letters or digits (vanilla's management-server-secret rule)");
        }
        if (tls && keystore == null) {
            // Vanilla's words: with TLS on (its default) and no keystore the server does not start.
            throw new IllegalArgumentException("Failed to configure TLS for the server management protocol: TLS is enabled but"
                    + " keystore is not configured. Pass --management-keystore FILE.p12 (management-server-tls-keystore) and its"
                    + " password (" + PASSWORD_VARIABLE + ", -D" + PASSWORD_PROPERTY + " or --management-keystore-password),"
                    + " or --management-tls-off (management-server-tls-enabled=false)");
        }
        return this;
    }

    public String summary() {
        if (!enabled()) {
            return "off";
        }
        return "port=" + port + " tls=" + (tls ? "on" : "off") + " secret=*** heartbeat="
                + (heartbeatSeconds > 0 ? heartbeatSeconds + "s" : "off") + " allowedOrigins=" + allowedOrigins;
    }
}

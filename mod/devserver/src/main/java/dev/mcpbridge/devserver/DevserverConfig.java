package dev.mcpbridge.devserver;

import dev.mcpbridge.devserver.variant.Flavour;
import dev.mcpbridge.devserver.variant.GameVersion;
import dev.mcpbridge.devserver.management.ManagementOptions;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Command-line configuration. Secrets may also come from the environment
 * ({@code DEVSERVER_RCON_PASSWORD}, {@code DEVSERVER_EVENTS_TOKEN}) so they stay out of process lists.
 */
public record DevserverConfig(String bind, int rconPort, String rconPassword, int statusPort, boolean withMod,
                              String serverId, String bridgeUrl, String eventsToken, List<String> players,
                              List<String> allow, boolean defaultAllow, int maxPlayers, long seed, int outboxSize,
                              Path stateDir, boolean stateFsync, GameVersion version, Flavour flavour, Path logDir,
                              ManagementOptions management) {

    public static final String USAGE = """
            usage: java -jar mcpbridge-devserver.jar --rcon-password P [options]
              --rcon-port N        RCON port (default 25575; 0 = pick a free one)
              --rcon-password P    RCON password (or env DEVSERVER_RCON_PASSWORD); required
              --status-port N      Server List Ping port (default 0 = pick a free one)
              --bind ADDR          address to listen on (default 127.0.0.1)
              --no-mod             start WITHOUT the mod: /mcpbridge is an unknown command
              --server-id ID       server id the mod reports (default devserver)
              --bridge-url URL     ws:// URL of the bridge's event endpoint (default: no events sent)
              --events-token T     bearer token for the event endpoint (or env DEVSERVER_EVENTS_TOKEN)
              --players A,B        players online at start
              --allow REGEX        extra command pattern the mod allows (repeatable; added to its defaults)
              --no-default-allow   the mod allows ONLY the --allow patterns (they replace its defaults,
                                   as allowed_patterns does in the NeoForge config); none = nothing is allowed
              --max-players N      (default 20)
              --seed N             terrain seed (default 12345)
              --outbox-size N      unacknowledged events the mod keeps (default: the core's default)
              --state-dir DIR      keep the mod's write-replay (idempotency) cache in DIR/mcpbridge-idempotency.jsonl
                                   so a retried write is not run again after a restart (default: memory only)
              --state-fsync        fsync that file before each write runs (survives an OS crash too; slower)
              --mc-version V       Minecraft version to imitate: its strings, status and player data
                                   (1.21.1 default, 1.21.11, 26.1)
              --flavour F          server software to imitate: vanilla (default), paper, paper-essentials
                                   (Paper with EssentialsX's list)
              --log-dir DIR        write the server log as vanilla does: DIR/latest.log, the previous one
                                   rolled over to DIR/yyyy-MM-dd-N.log.gz at start-up (default: no log file)
              --management-port N  serve the Server Management Protocol (JSON-RPC over WebSocket) on N
                                   (0 = pick a free one; default: off)
              --management-secret S  its secret, 40 letters or digits (or env DEVSERVER_MANAGEMENT_SECRET)
              --management-tls-off   plain ws:// (vanilla: management-server-tls-enabled=false)
              --management-keystore F  PKCS12 keystore for wss:// (TLS is on unless --management-tls-off)
              --management-keystore-password P  its password; as vanilla, env MINECRAFT_MANAGEMENT_TLS_KEYSTORE_PASSWORD
                                     or -Dmanagement.tls.keystore.password take precedence
              --management-allowed-origins O1,O2  Origins allowed to send the secret as subprotocol (none by default)
              --status-heartbeat N   seconds between server/status notifications (default 0 = none)
            """;

    /** Parses args; throws IllegalArgumentException naming the bad option and what to pass instead. */
    public static DevserverConfig parse(String[] args, Map<String, String> env) {
        String bind = "127.0.0.1";
        int rconPort = 25575;
        String password = env.get("DEVSERVER_RCON_PASSWORD");
        int statusPort = 0;
        boolean withMod = true;
        String serverId = "devserver";
        String bridgeUrl = null;
        String token = env.get("DEVSERVER_EVENTS_TOKEN");
        List<String> players = new ArrayList<>();
        List<String> allow = new ArrayList<>();
        boolean defaultAllow = true;
        int maxPlayers = 20;
        long seed = 12345;
        int outboxSize = 0;
        Path stateDir = null;
        boolean stateFsync = false;
        GameVersion version = GameVersion.DEFAULT;
        Flavour flavour = Flavour.VANILLA;
        Path logDir = null;
        int managementPort = -1;
        String managementSecret = env.get("DEVSERVER_MANAGEMENT_SECRET");
        boolean managementTls = true;
        Path keystore = null;
        String keystorePassword = null;
        String allowedOrigins = null;
        int heartbeat = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--no-mod" -> withMod = false;
                case "--bind" -> bind = value(args, ++i, a);
                case "--rcon-port" -> rconPort = port(value(args, ++i, a), a);
                case "--rcon-password" -> password = value(args, ++i, a);
                case "--status-port" -> statusPort = port(value(args, ++i, a), a);
                case "--server-id" -> serverId = value(args, ++i, a);
                case "--bridge-url" -> bridgeUrl = value(args, ++i, a);
                case "--events-token" -> token = value(args, ++i, a);
                case "--players" -> {
                    for (String p : value(args, ++i, a).split(",")) {
                        if (!p.isBlank()) {
                            players.add(p.trim());
                        }
                    }
                }
                case "--allow" -> allow.add(value(args, ++i, a));
                case "--no-default-allow" -> defaultAllow = false;
                case "--max-players" -> maxPlayers = integer(value(args, ++i, a), a);
                case "--seed" -> seed = integer(value(args, ++i, a), a);
                case "--outbox-size" -> outboxSize = integer(value(args, ++i, a), a);
                case "--state-dir" -> stateDir = path(value(args, ++i, a), a);
                case "--state-fsync" -> stateFsync = true;
                case "--mc-version" -> version = GameVersion.parse(value(args, ++i, a));
                case "--flavour" -> flavour = Flavour.parse(value(args, ++i, a));
                case "--log-dir" -> logDir = path(value(args, ++i, a), a);
                case "--management-port" -> managementPort = port(value(args, ++i, a), a);
                case "--management-secret" -> managementSecret = value(args, ++i, a);
                case "--management-tls-off" -> managementTls = false;
                case "--management-keystore" -> keystore = path(value(args, ++i, a), a);
                case "--management-keystore-password" -> keystorePassword = value(args, ++i, a);
                case "--management-allowed-origins" -> allowedOrigins = value(args, ++i, a);
                case "--status-heartbeat" -> heartbeat = integer(value(args, ++i, a), a);
                default -> throw new IllegalArgumentException("unknown option '" + a + "'");
            }
        }
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("--rcon-password is required (vanilla refuses RCON without a password)");
        }
        for (String p : players) {
            if (!p.matches("[A-Za-z0-9_]{1,16}")) {
                throw new IllegalArgumentException("--players: '" + p + "' is not a valid player name (1-16 of A-Z a-z 0-9 _)");
            }
        }
        if (managementPort >= 0 && version.managementVersion() == null) {
            throw new IllegalArgumentException("--management-port: the Server Management Protocol came with Minecraft 1.21.9;"
                    + " --mc-version " + version.id() + " has none (use --mc-version 1.21.11 or newer)");
        }
        return new DevserverConfig(bind, rconPort, password, statusPort, withMod, serverId, bridgeUrl, token,
                List.copyOf(players), List.copyOf(allow), defaultAllow, maxPlayers, seed, outboxSize, stateDir, stateFsync,
                version, flavour, logDir, new ManagementOptions(managementPort, managementSecret, managementTls, keystore,
                        ManagementOptions.keystorePassword(env, System::getProperty, keystorePassword), heartbeat,
                        ManagementOptions.origins(allowedOrigins)).validated());
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int port(String v, String option) {
        int p = integer(v, option);
        if (p < 0 || p > 65535) {
            throw new IllegalArgumentException(option + " must be 0..65535, got " + v);
        }
        return p;
    }

    private static Path path(String v, String option) {
        try {
            return Path.of(v);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(option + ": '" + v + "' is not a valid path (" + e.getReason() + ")");
        }
    }

    private static int integer(String v, String option) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be an integer, got '" + v + "'");
        }
    }

    /** For the startup log: no password, no token. */
    public String summary() {
        return "bind=" + bind + " rconPort=" + rconPort + " statusPort=" + statusPort + " mod=" + (withMod ? "on" : "off")
                + " serverId=" + serverId + " bridgeUrl=" + (bridgeUrl == null ? "none" : bridgeUrl)
                + " eventsToken=" + (eventsToken == null ? "none" : "***") + " players=" + players
                + (defaultAllow ? " extraAllow=" : " allowOnly=") + allow + " maxPlayers=" + maxPlayers + " seed=" + seed
                + " outboxSize=" + (outboxSize > 0 ? outboxSize : "default")
                + " stateDir=" + (stateDir == null ? "none (idempotency cache in memory)" : stateDir)
                + (stateFsync ? " stateFsync=on" : "") + " mcVersion=" + version.id() + " flavour=" + flavour.id()
                + " logDir=" + (logDir == null ? "none" : logDir) + " management=" + management.summary();
    }
}

package dev.mcpbridge.devserver;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.ModInfo;
import dev.mcpbridge.devserver.command.CommandSource;
import dev.mcpbridge.devserver.command.Dispatcher;
import dev.mcpbridge.devserver.command.Lang;
import dev.mcpbridge.devserver.command.McpBridgeCommand;
import dev.mcpbridge.devserver.command.SimCommand;
import dev.mcpbridge.devserver.command.vanilla.DataCommand;
import dev.mcpbridge.devserver.command.vanilla.EssentialsGiveCommand;
import dev.mcpbridge.devserver.command.vanilla.EssentialsListCommand;
import dev.mcpbridge.devserver.command.vanilla.ExecuteCommand;
import dev.mcpbridge.devserver.command.vanilla.KillCommand;
import dev.mcpbridge.devserver.command.vanilla.SummonCommand;
import dev.mcpbridge.devserver.command.vanilla.GiveCommand;
import dev.mcpbridge.devserver.command.vanilla.ListCommand;
import dev.mcpbridge.devserver.command.vanilla.SayCommand;
import dev.mcpbridge.devserver.command.vanilla.TeleportCommand;
import dev.mcpbridge.devserver.command.vanilla.TellrawCommand;
import dev.mcpbridge.devserver.command.vanilla.TickCommand;
import dev.mcpbridge.devserver.command.vanilla.TimeCommand;
import dev.mcpbridge.devserver.command.vanilla.WeatherCommand;
import dev.mcpbridge.devserver.game.DevGameAccess;
import dev.mcpbridge.devserver.log.FanOutEvents;
import dev.mcpbridge.devserver.log.LoggingEvents;
import dev.mcpbridge.devserver.log.ServerLog;
import dev.mcpbridge.devserver.loop.TickLoop;
import dev.mcpbridge.devserver.management.ManagementEvents;
import dev.mcpbridge.devserver.management.ManagementServer;
import dev.mcpbridge.devserver.management.WorldState;
import dev.mcpbridge.devserver.mod.ModLoader;
import dev.mcpbridge.devserver.rcon.ConsoleOutput;
import dev.mcpbridge.devserver.rcon.RconListener;
import dev.mcpbridge.devserver.sim.ActivityDriver;
import dev.mcpbridge.devserver.status.StatusListener;
import dev.mcpbridge.devserver.world.Items;
import dev.mcpbridge.devserver.world.SimPlayer;
import dev.mcpbridge.devserver.world.World;
import java.io.IOException;
import java.net.InetAddress;

/** The assembled server: world, main loop, commands, optional mod core, RCON and status listeners. */
public final class Devserver implements AutoCloseable {
    public static final String VERSION = "0.1.0";

    private final DevserverConfig config;
    private final World world;
    private final TickLoop loop;
    private final ActivityDriver driver;
    private final Dispatcher dispatcher;
    private final DevGameAccess game;
    private final ConsoleOutput console = new ConsoleOutput();
    private final McpBridgeCore core;
    private final Lang lang;
    private final ServerLog serverLog;
    private final FanOutEvents listeners = new FanOutEvents();
    private RconListener rcon;
    private StatusListener status;
    private ManagementServer management;
    private boolean closed;

    public Devserver(DevserverConfig config) {
        this.config = config;
        this.world = new World(config.seed(), Items.load(), config.maxPlayers(), NoEvents.INSTANCE);
        this.driver = new ActivityDriver(world);
        this.loop = new TickLoop(tick -> {
            world.tick();
            driver.tick();
        });
        this.lang = Lang.load(config.version());
        this.dispatcher = new Dispatcher(world, lang, loop);
        registerVanilla();
        dispatcher.register("sim", new SimCommand(driver));
        this.game = new DevGameAccess(world, loop, dispatcher, config.version().id());
        this.serverLog = config.logDir() != null ? ServerLog.open(config.logDir()) : null;
        if (serverLog != null) {
            listeners.add(new LoggingEvents(serverLog, lang, config.flavour()));
        }
        if (config.withMod()) {
            core = ModLoader.load(game, config);
            listeners.add(core.events());
            dispatcher.register("mcpbridge", new McpBridgeCommand(core));
        } else {
            core = null;
        }
        world.setEvents(listeners);
    }

    private void registerVanilla() {
        vanilla("list", config.flavour().essentials() ? new EssentialsListCommand() : new ListCommand());
        vanilla("say", new SayCommand());
        vanilla("tellraw", new TellrawCommand());
        TeleportCommand tp = new TeleportCommand();
        vanilla("tp", tp);
        vanilla("teleport", tp);
        vanilla("give", new GiveCommand());
        if (config.flavour().essentials()) {
            dispatcher.register("give", new EssentialsGiveCommand());
        }
        vanilla("data", new DataCommand());
        vanilla("time", new TimeCommand());
        vanilla("tick", new TickCommand());
        vanilla("weather", new WeatherCommand());
        vanilla("execute", new ExecuteCommand());
        vanilla("summon", new SummonCommand());
        vanilla("kill", new KillCommand());
    }

    /**
     * Registers a vanilla command; Paper (CraftBukkit) also keeps every vanilla command under the
     * {@code minecraft:} namespace, so a plugin's command of the same name does not hide it.
     */
    private void vanilla(String name, dev.mcpbridge.devserver.command.Command command) {
        dispatcher.register(name, command);
        if (config.flavour().paper()) {
            dispatcher.register("minecraft:" + name, name.equals("list") ? new ListCommand() : command);
        }
    }

    public void start() throws IOException {
        Log.info("Starting mcpbridge-devserver " + VERSION + " (simulated " + config.flavour().statusVersionName(config.version())
                + (core != null ? ", mod core " + ModInfo.MOD_VERSION + ", protocol " + ModInfo.PROTOCOL_VERSIONS : ", NO mod")
                + ")");
        Log.info("Config: " + config.summary());
        long started = System.nanoTime();
        serverLog("Starting minecraft server version " + config.version().id());
        loop.start();
        loop.callBlocking(() -> {
            config.players().forEach(world::join);
            return null;
        });
        InetAddress bind = InetAddress.getByName(config.bind());
        rcon = new RconListener(bind, config.rconPort(), config.rconPassword(), this::runCommand);
        status = new StatusListener(bind, config.statusPort(), this::statusJson);
        rcon.start();
        status.start();
        Log.info("RCON running on " + config.bind() + ":" + rcon.port() + "; status (server list ping) on "
                + config.bind() + ":" + status.port());
        if (config.management().enabled()) {
            management = new ManagementServer(bind, config.management(),
                    new WorldState(world, loop, config.version(), config.flavour()));
            listeners.add(new ManagementEvents(management));
            management.start();
            Log.info("Management server (JSON-RPC over WebSocket) on " + (config.management().tls() ? "wss" : "ws") + "://"
                    + config.bind() + ":" + management.port());
        }
        if (serverLog != null) {
            Log.info("Server log: " + serverLog.file());
        }
        serverLog("RCON running on " + config.bind() + ":" + rcon.port());
        serverLog(String.format(java.util.Locale.ROOT, "Done (%.3fs)! For help, type \"help\"",
                (System.nanoTime() - started) / 1e9));
        if (core != null) {
            core.start();
            Log.info("Event emitter: " + (config.bridgeUrl() == null ? "off (no --bridge-url)"
                    : "connecting to " + config.bridgeUrl() + " (connected=" + core.status().emitterConnected() + ")"));
        }
    }

    /** Vanilla DedicatedServer#runCommand: clear the shared buffer, run on the main thread, read the buffer. */
    public String runCommand(String command) {
        console.prepareForCommand();
        loop.callBlocking(() -> dispatcher.execute(CommandSource.console("Rcon", console::append), command));
        return console.commandResponse();
    }

    private String statusJson() {
        return loop.callBlocking(() -> {
            JsonObject version = new JsonObject();
            version.addProperty("name", config.flavour().statusVersionName(config.version()));
            version.addProperty("protocol", config.version().protocol());
            JsonArray sample = new JsonArray();
            for (SimPlayer p : world.players()) {
                JsonObject entry = new JsonObject();
                entry.addProperty("name", p.name());
                entry.addProperty("id", p.uuid().toString());
                sample.add(entry);
            }
            JsonObject players = new JsonObject();
            players.addProperty("max", world.maxPlayers());
            players.addProperty("online", world.players().size());
            players.add("sample", sample);
            JsonObject description = new JsonObject();
            description.addProperty("text", "mcpbridge devserver" + (core != null ? "" : " (no mod)"));
            JsonObject root = new JsonObject();
            root.add("version", version);
            root.add("players", players);
            root.add("description", description);
            root.addProperty("enforcesSecureChat", false);
            return root.toString();
        });
    }

    /** Adds a root command (tests use it to probe the main thread; plugins could too). */
    public void registerCommand(String name, dev.mcpbridge.devserver.command.Command command) {
        dispatcher.register(name, command);
    }

    /** The simulated world (tests read what players received). */
    public World world() {
        return world;
    }

    public int rconPort() {
        return rcon.port();
    }

    /** RCON connections still open on the server's side (tests wait for a closed client's last command). */
    public int rconConnections() {
        return rcon.openConnections();
    }

    public int statusPort() {
        return status.port();
    }

    /** The platform the mod core runs on (tests run the GameAccess contract against it). */
    public DevGameAccess game() {
        return game;
    }

    public McpBridgeCore core() {
        return core;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        Log.info("Stopping the server");
        serverLog("Stopping server");
        if (management != null) {
            management.close();
        }
        if (rcon != null) {
            rcon.close();
        }
        if (status != null) {
            status.close();
        }
        if (core != null) {
            core.close();
        }
        loop.close();
        if (serverLog != null) {
            serverLog.close();
        }
    }

    /** A line of the main thread in the server log (when --log-dir is set). */
    private void serverLog(String message) {
        if (serverLog != null) {
            serverLog.info("Server thread", message);
        }
    }

    /** The management server's port (the configured one, or the free one port 0 picked); 0 when it is off. */
    public int managementPort() {
        return management == null ? 0 : management.port();
    }

}

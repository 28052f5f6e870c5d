// Checked against every line in versions/ (Mojang names); calls that differ live in src/mc<line>/java; see API-NOTES.md.
package dev.mcpbridge.neoforge;

import com.mojang.logging.LogUtils;
import dev.mcpbridge.core.GameEvents;
import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import net.minecraft.server.MinecraftServer;
import net.neoforged.bus.api.IEventBus;
import net.neoforged.fml.ModContainer;
import net.neoforged.fml.common.Mod;
import net.neoforged.fml.config.ModConfig;
import net.neoforged.fml.event.config.ModConfigEvent;
import net.neoforged.neoforge.common.NeoForge;
import net.neoforged.neoforge.event.RegisterCommandsEvent;
import net.neoforged.neoforge.event.server.ServerStartedEvent;
import net.neoforged.neoforge.event.server.ServerStoppingEvent;
import org.slf4j.Logger;

/**
 * The mod entry: registers the config file, the /mcpbridge command and the event forwarder, and owns the
 * core's lifecycle: one {@link McpBridgeCore} per running server, built when the server has started and
 * closed when it stops. A config file edited while the server runs is re-applied (NeoForge watches it).
 */
@Mod(McpBridgeMod.MOD_ID)
public final class McpBridgeMod {
    public static final String MOD_ID = "mcpbridge";
    private static final Logger LOG = LogUtils.getLogger();

    private final NeoForgeConfig config = new NeoForgeConfig();
    private volatile McpBridgeCore core;

    public McpBridgeMod(IEventBus modBus, ModContainer container) {
        container.registerConfig(ModConfig.Type.COMMON, config.spec, NeoForgeConfig.FILE_NAME);
        modBus.addListener(this::onConfigReloaded);

        IEventBus gameBus = NeoForge.EVENT_BUS;
        gameBus.addListener(this::onRegisterCommands);
        gameBus.addListener(this::onServerStarted);
        gameBus.addListener(this::onServerStopping);
        new NeoForgeEventForwarder(this::coreEvents).register(gameBus);
    }

    private GameEvents coreEvents() {
        McpBridgeCore running = core;
        return running == null ? null : running.events();
    }

    private void onRegisterCommands(RegisterCommandsEvent event) {
        McpBridgeCommand.register(event.getDispatcher(), () -> core, LOG);
    }

    private synchronized void onServerStarted(ServerStartedEvent event) {
        MinecraftServer server = event.getServer();
        try {
            McpBridgeCore created = new McpBridgeCore(new NeoForgeGameAccess(server),
                    readConfig(CoreConfig.defaults()), new Slf4jCoreLogger(LOG));
            created.start();
            core = created;
            LOG.info("mcpbridge started: {}", created.config());
        } catch (RuntimeException e) {
            // The game keeps running without the bridge; /mcpbridge then answers "not running".
            LOG.error("mcpbridge failed to start; the server runs without it", e);
        }
    }

    private synchronized void onServerStopping(ServerStoppingEvent event) {
        McpBridgeCore running = core;
        core = null;
        if (running != null) running.close();
    }

    /** May arrive on the file watcher's thread; the core swaps its config atomically. */
    private synchronized void onConfigReloaded(ModConfigEvent.Reloading event) {
        McpBridgeCore running = core;
        if (event.getConfig().getSpec() != config.spec || running == null) return;
        running.applyConfig(readConfig(running.config()));
        LOG.info("mcpbridge config reloaded: {}", running.config());
    }

    /** A value the core rejects keeps {@code fallback} in force and says which one, instead of failing the server. */
    private CoreConfig readConfig(CoreConfig fallback) {
        try {
            return config.toCoreConfig();
        } catch (RuntimeException e) {
            LOG.error("Invalid {}: {}; keeping {}", NeoForgeConfig.FILE_NAME, e.getMessage(), fallback, e);
            return fallback;
        }
    }
}

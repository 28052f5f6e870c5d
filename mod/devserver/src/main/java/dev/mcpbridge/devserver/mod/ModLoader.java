package dev.mcpbridge.devserver.mod;

import dev.mcpbridge.core.McpBridgeCore;
import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.config.IdempotencyLimits;
import dev.mcpbridge.core.spi.CoreLogger;
import dev.mcpbridge.core.spi.GameAccess;
import dev.mcpbridge.devserver.DevserverConfig;
import dev.mcpbridge.devserver.Log;
import java.util.ArrayList;
import java.util.List;

/** Builds the real mod core from the devserver's options, as the NeoForge adapter maps its ModConfigSpec. */
public final class ModLoader {
    private ModLoader() {}

    public static McpBridgeCore load(GameAccess game, DevserverConfig cfg) {
        List<String> allowed = new ArrayList<>(cfg.defaultAllow() ? CoreConfig.DEFAULT_ALLOWED_COMMANDS : List.of());
        allowed.addAll(cfg.allow());
        CoreConfig.Builder builder = CoreConfig.builder();
        if (cfg.outboxSize() > 0) {
            builder.outboxSize(cfg.outboxSize());
        }
        if (cfg.stateDir() != null) {
            builder.idempotency(IdempotencyLimits.defaults()
                    .withJournal(cfg.stateDir().resolve(IdempotencyLimits.JOURNAL_FILE_NAME), cfg.stateFsync()));
        }
        CoreConfig config = builder
                .serverId(cfg.serverId())
                .allowedCommandPatterns(allowed)
                .bridgeUrl(cfg.bridgeUrl())
                .bridgeToken(cfg.eventsToken())
                .reconnectAttempts(-1)
                .build();
        return new McpBridgeCore(game, config, new CoreLogger() {
            @Override
            public void info(String message) {
                Log.info("[mcpbridge] " + message);
            }

            @Override
            public void warn(String message) {
                Log.warn("[mcpbridge] " + message);
            }

            @Override
            public void error(String message, Throwable error) {
                Log.error("[mcpbridge] " + message, error);
            }
        });
    }
}

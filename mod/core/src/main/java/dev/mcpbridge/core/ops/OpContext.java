package dev.mcpbridge.core.ops;

import dev.mcpbridge.core.config.CoreConfig;
import dev.mcpbridge.core.security.CommandGate;
import dev.mcpbridge.core.spi.CoreLogger;
import dev.mcpbridge.core.spi.GameAccess;
import java.util.function.LongSupplier;

/** What a handler may use: the game (server thread only), the config in force, its compiled whitelist. */
public record OpContext(GameAccess game, CoreConfig config, CommandGate gate, CoreLogger log,
                        LongSupplier droppedEvents) {}
